/**
 * The rendering of `kubectl explain` (kubectl 1.32's plaintext template) over the generated
 * Kubernetes 1.32 schema (schema-generated.ts); loaded on demand by explain.ts, as few sessions
 * ever explain anything.
 */
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { RESOURCE_TYPES } from '../../../sim/index.ts';
import { resolveType } from '../../resource/resolve.ts';
import { SCHEMA } from './schema-generated.ts';
import type { SchemaDef, SchemaField } from './schema-types.ts';

/**
 * Greedy word wrap to `width` columns as go-wordwrap (kubectl's) does it: existing line breaks
 * kept, a run of spaces kept inside a line but dropped where the line is broken, a word longer
 * than the width left whole.
 */
export function wrap(text: string, width: number): string[] {
  let out = '';
  let current = 0;
  let spaces = '';
  let word = '';
  for (const ch of text) {
    if (ch === '\n') {
      if (word === '') {
        if (current + spaces.length > width) current = 0;
        else out += spaces;
      } else {
        out += spaces + word;
      }
      out += '\n';
      current = 0;
      spaces = '';
      word = '';
    } else if (ch === ' ' || ch === '\t') {
      if (spaces === '' || word !== '') {
        current += spaces.length + word.length;
        out += spaces + word;
        spaces = '';
        word = '';
      }
      spaces += ch;
    } else {
      word += ch;
      if (current + spaces.length + word.length > width && word.length < width) {
        out += '\n';
        current = 0;
        spaces = '';
      }
    }
  }
  if (word === '') {
    if (current + spaces.length <= width) out += spaces;
  } else out += spaces + word;
  return out.split('\n');
}

function indented(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return wrap(text, 80 - indent).map((l) => pad + l + '\n').join('');
}

/** The short enum line of a field list: at most four values, then `, ....` (the template's limit). */
function enumLine(values: string[], indent: number): string {
  const shown = values.slice(0, 4).map((v) => (v === '' ? '""' : v));
  return `${' '.repeat(indent)}enum: ${shown.join(', ')}${values.length > 4 ? ', ....' : ''}\n`;
}

function fieldHead(f: SchemaField, indent: number): string {
  let s = `${' '.repeat(indent)}${f.name}\t<${f.type}>${f.required ? ' -required-' : ''}\n`;
  if (f.enum) s += enumLine(f.enum, indent);
  return s;
}

function fieldList(def: SchemaDef): string {
  return def.fields.map((f) => fieldHead(f, 2) + indented(f.description, 4) + '\n').join('');
}

/** `--recursive`: every field's name and type, nested two columns per level; a definition
 * already being expanded on the current path is not expanded again (cycles). */
function recursiveList(def: SchemaDef, level: number, path: Set<string>): string {
  let out = '';
  for (const f of def.fields) {
    out += fieldHead(f, level * 2);
    const sub = f.ref && !path.has(f.ref) ? SCHEMA.defs[f.ref] : undefined;
    if (sub) out += recursiveList(sub, level + 1, new Set(path).add(f.ref!));
  }
  return out;
}

function genericSchema(kind: string): SchemaDef {
  return { description: `${kind} is a Kubernetes API object.`, fields: [] };
}

/** Runs `kubectl explain` for `inv`; resolves to the exit status. Throws CliError/ApiError. */
export async function explain(inv: Invocation): Promise<number> {
  const target = inv.args[0];
  if (!target) {
    throw new CliError('You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.');
  }
  const [typeName, ...path] = target.split('.');
  let type = resolveType(typeName!);
  let version = type.version;
  const apiVersion = inv.flags.has('api-version') ? inv.flags.str('api-version') : '';
  if (apiVersion) {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    // The version names the group too: `events --api-version=events.k8s.io/v1` is that group's Event.
    const inGroup = RESOURCE_TYPES.find((t) => t.plural === type.plural && t.group === group);
    if (!inGroup || !SCHEMA.kinds[`${group}/${version}/${inGroup.kind}`]) {
      throw new CliError(`GVR (${group ? group + '/' : ''}${version}, Resource=${type.plural}) not found in OpenAPI schema`);
    }
    type = inGroup;
  }
  let head = type.group ? `GROUP:      ${type.group}\n` : '';
  head += `KIND:       ${type.kind}\nVERSION:    ${version}\n\n`;
  const kindId = SCHEMA.kinds[`${type.group}/${version}/${type.kind}`];
  let def: SchemaDef | undefined = kindId ? SCHEMA.defs[kindId] : genericSchema(type.kind);
  let field: SchemaField | undefined;
  const expanded = new Set<string>(kindId ? [kindId] : []);
  for (const seg of path) {
    const f: SchemaField | undefined = def?.fields.find((x) => x.name === seg);
    if (!f) throw new CliError(`field "${seg}" does not exist`);
    field = f;
    def = f.ref ? SCHEMA.defs[f.ref] : undefined;
    if (f.ref) expanded.add(f.ref);
  }
  let out = head;
  let description: string;
  if (field) {
    out += `FIELD: ${field.name} <${field.type}>\n`;
    if (field.enum) out += 'ENUM:\n' + field.enum.map((e) => `    ${e === '' ? '""' : e}\n`).join('');
    out += '\n';
    description = field.description + (def ? '\n' + def.description : '');
  } else description = def!.description;
  out += 'DESCRIPTION:\n' + indented(description, 4) + '    \n';
  if (def && def.fields.length) {
    out += 'FIELDS:\n' + (inv.flags.has('recursive') && inv.flags.bool('recursive') ? recursiveList(def, 1, expanded) : fieldList(def));
  } else out += '\n';
  inv.out(out);
  return 0;
}
