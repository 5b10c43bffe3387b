/**
 * Writes src/kubectl/verbs/explain/schema-generated.ts: the Kubernetes 1.32 schema of every
 * kind the simulator serves (src/sim/api/resources.ts) and of every definition reachable from
 * them, as `kubectl explain` prints it (field name, explain type, description, required flag,
 * reference to the nested definition).
 *
 * Source: `cdk8s-plus-32` (devDependency, generator only), whose lib/imports/k8s.d.ts cdk8s
 * generated from k8s 1.32.0's OpenAPI. cdk8s leaves out what a manifest author never writes
 * (`apiVersion`, `kind` and `status` of top-level kinds, the `Possible enum values` lists);
 * those come from the hand-checked overlay in scripts/schema/overlay/.
 *
 *   npm run schema:generate   # rewrite the file
 *   npm run schema:check      # exit 1 if the committed file differs from a fresh generation
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { RESOURCE_TYPES } from '../../src/sim/api/resources.ts';
import { parseCdk8s, parseJsonNames, type RawDef } from './parse-cdk8s.ts';
import { API_VERSION, KIND, type FieldDoc } from './overlay/schema-common.ts';
import { KINDS as HAND_KINDS } from './overlay/schema-kinds.ts';
import { SCHEMAS as HAND_SPECS } from './overlay/schema-specs.ts';

const OUT = fileURLToPath(new URL('../../src/kubectl/verbs/explain/schema-generated.ts', import.meta.url));

/**
 * Fields cdk8s types `any` whose OpenAPI definition is an object explain names (it would
 * print `<Object>` otherwise).
 */
const UNTYPED: Record<string, string> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry#fieldsV1': 'FieldsV1',
  'io.k8s.api.apps.v1.ControllerRevision#data': 'RawExtension',
};

/** OpenAPI definition id prefix of an API group (`apps` → `io.k8s.api.apps`). */
function groupPrefix(group: string): string {
  if (group === '') return 'io.k8s.api.core';
  if (group === 'apiextensions.k8s.io') return 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions';
  if (group === 'apiregistration.k8s.io') return 'io.k8s.kube-aggregator.pkg.apis.apiregistration';
  return 'io.k8s.api.' + group.replace(/\.k8s\.io$/, '').replace(/\.apiserver$/, '').split('.')[0];
}

/** The field and definition schema file. */
export function generate(source: string, js: string): string {
  const raw = parseCdk8s(source);
  const jsonNames = parseJsonNames(js);
  const byId = new Map<string, RawDef>(raw.map((d) => [d.id, d]));
  const idByTs = new Map<string, string>(raw.map((d) => [d.tsName, d.id]));
  const shortName = (id: string) => id.slice(id.lastIndexOf('.') + 1);

  /** explain's type word and the referenced definition id for a cdk8s TypeScript type. */
  function explainType(ts: string): { type: string; ref?: string } {
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(ts);
    if (map) {
      const inner = explainType(map[1]!);
      return { type: `map[string]${inner.type === 'Object' ? 'Object' : inner.type}`, ref: inner.ref };
    }
    if (ts.endsWith('[]')) {
      const inner = explainType(ts.slice(0, -2));
      return { type: `[]${inner.type}`, ref: inner.ref };
    }
    switch (ts) {
      case 'string':
      case 'Date': // metav1.Time and MicroTime: `type: string, format: date-time` in the OpenAPI
        return { type: 'string' };
      case 'number':
        return { type: 'integer' };
      case 'boolean':
        return { type: 'boolean' };
      case 'any':
        return { type: 'Object' };
      case 'Quantity':
      case 'IntOrString':
        return { type: ts };
    }
    const id = idByTs.get(ts);
    if (!id) throw new Error(`cdk8s type ${ts} has no @schema definition`);
    return byId.has(id) && byId.get(id)!.fields.length ? { type: shortName(id), ref: id } : { type: shortName(id) };
  }

  const defs: Record<string, { description: string; fields: FieldDoc[] }> = {};
  const kinds: Record<string, string> = {};
  const queue: string[] = [];
  /** Kinds cdk8s does not generate (core/v1 Event): explain keeps its generic text for them. */
  const missing: string[] = [];

  for (const t of RESOURCE_TYPES) {
    for (const version of [t.version, ...(t.alsoServed ?? [])]) {
      const id = `${groupPrefix(t.group)}.${version}.${t.kind}`;
      if (!byId.has(id)) {
        missing.push(id);
        continue;
      }
      kinds[`${t.group}/${version}/${t.kind}`] = id;
      queue.push(id);
    }
  }
  const topLevel = new Set(queue);

  while (queue.length) {
    const id = queue.shift()!;
    if (defs[id]) continue;
    const def = byId.get(id)!;
    const hand = topLevel.has(id) ? HAND_KINDS[shortName(id)] : id.startsWith('io.k8s.api.core.v1.') || id.startsWith('io.k8s.api.apps.v1.') ? HAND_SPECS[shortName(id)] : undefined;
    const fields: FieldDoc[] = def.fields.map((f) => {
      const { type, ref } = f.tsType === 'any' && UNTYPED[`${id}#${f.name}`] ? { type: UNTYPED[`${id}#${f.name}`]!, ref: undefined } : explainType(f.tsType);
      if (ref) queue.push(ref);
      const field: FieldDoc = { name: jsonNames.get(def.tsName)?.get(f.name) ?? f.name, type, description: f.description };
      if (f.required) field.required = true;
      if (ref) field.ref = ref;
      const handField = hand?.fields.find((h) => h.name === field.name);
      // The overlay carries the enum lists (and their `Possible enum values` text) cdk8s drops.
      if (handField?.enum) {
        field.enum = handField.enum;
        field.description = handField.description;
      }
      return field;
    });
    if (topLevel.has(id)) {
      fields.push({ ...API_VERSION }, { ...KIND });
      const status = hand?.fields.find((h) => h.name === 'status');
      if (status) fields.push({ name: 'status', type: status.type, description: status.description });
    }
    fields.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    defs[id] = { description: def.classDescription ?? def.description, fields };
  }

  const sortedDefs = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : 1)));
  return (
    '// Generated by scripts/schema/generate.ts from cdk8s-plus-32 (Kubernetes 1.32.0 OpenAPI). Do not edit.\n' +
    (missing.length ? `// Not in cdk8s-plus-32 (explain prints a generic text for them): ${missing.join(', ')}.\n` : '') +
    "import type { SchemaData } from './schema-types.ts';\n\n" +
    '/** Every definition `kubectl explain` can show, by OpenAPI id, and the kinds by `group/version/Kind`. */\n' +
    `export const SCHEMA: SchemaData = ${JSON.stringify({ kinds, defs: sortedDefs }, null, 0)};\n`
  );
}

function main(): void {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.d.ts'), 'utf8');
  const js = readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.js'), 'utf8');
  const text = generate(source, js);
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      console.error(`${OUT} is out of date: run npm run schema:generate`);
      process.exit(1);
    }
    console.log('schema up to date');
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT} (${text.length} bytes)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
