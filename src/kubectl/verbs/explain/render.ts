/**
 * The rendering of `kubectl explain` (kubectl 1.32's plaintext layout) with the schema texts it
 * reads; loaded on demand by explain.ts, as few sessions ever explain anything.
 */
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { resolveType } from '../../resource/resolve.ts';
import { API_VERSION, KIND, METADATA, type FieldDoc, type SchemaDoc } from './schema-common.ts';
import { KINDS } from './schema-kinds.ts';
import { SCHEMAS } from './schema-specs.ts';

/** Greedy word wrap to `width` columns, keeping existing line breaks (go-wordwrap). */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line: string | undefined;
    for (const word of para.split(' ')) {
      if (line === undefined) line = word;
      else if (line.length + 1 + word.length <= width) line += ' ' + word;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line ?? '');
  }
  return out;
}

function indented(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return wrap(text, 80 - indent).map((l) => pad + l + '\n').join('');
}

function fieldList(schema: SchemaDoc): string {
  return schema.fields
    .map((f) => {
      let s = `  ${f.name}\t<${f.type}>${f.required ? ' -required-' : ''}\n`;
      if (f.enum) s += `  enum: ${f.enum.join(', ')}\n`;
      return s + indented(f.description, 4) + '\n';
    })
    .join('');
}

function genericSchema(kind: string): SchemaDoc {
  return {
    description: `${kind} is a Kubernetes API object.`,
    fields: [API_VERSION, KIND, METADATA, { name: 'spec', type: `${kind}Spec`, description: `Specification of the desired behavior of the ${kind}.` }],
  };
}

/** Runs `kubectl explain` for `inv`; resolves to the exit status. Throws CliError/ApiError. */
export async function explain(inv: Invocation): Promise<number> {
  const target = inv.args[0];
  if (!target) {
    throw new CliError('You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.');
  }
  const [typeName, ...path] = target.split('.');
  const type = resolveType(typeName!);
  let head = type.group ? `GROUP:      ${type.group}\n` : '';
  head += `KIND:       ${type.kind}\nVERSION:    ${type.version}\n\n`;
  let schema: SchemaDoc | undefined = KINDS[type.kind] ?? genericSchema(type.kind);
  let field: FieldDoc | undefined;
  for (const seg of path) {
    const f: FieldDoc | undefined = schema?.fields.find((x) => x.name === seg);
    if (!f) throw new CliError(`field "${seg}" does not exist`);
    field = f;
    schema = f.ref ? SCHEMAS[f.ref] : undefined;
  }
  let out = head;
  let description: string;
  if (field) {
    out += `FIELD: ${field.name} <${field.type}>\n`;
    if (field.enum) out += 'ENUM:\n' + field.enum.map((e) => `    ${e}\n`).join('');
    out += '\n';
    description = field.description + (schema ? '\n' + schema.description : '');
  } else description = schema!.description;
  out += 'DESCRIPTION:\n' + indented(description, 4) + '    \n';
  if (schema) out += 'FIELDS:\n' + fieldList(schema);
  else out += '\n';
  inv.out(out);
  return 0;
}
