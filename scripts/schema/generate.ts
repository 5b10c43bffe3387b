/**
 * Writes src/kubectl/verbs/explain/schema-generated.ts: the Kubernetes 1.32 schema of every
 * kind the simulator serves (src/sim/api/resources.ts) and of every definition reachable from
 * them, as `kubectl explain` prints it (field name, explain type, description, required flag,
 * enum values, reference to the nested definition).
 *
 * Sources (devDependencies, generator only), all generated from Kubernetes' OpenAPI:
 * - `cdk8s-plus-32`: lib/imports/k8s.d.ts, from k8s 1.32.0's OpenAPI, for everything a manifest
 *   author writes (spec and what it reaches), texts line for line;
 * - `@kubernetes/client-node` 1.1.2 (OpenAPI v1.32.0) for what cdk8s leaves out: every
 *   `status` and the definitions it reaches, core/v1 Event; with the texts of
 *   `kubernetes-models` 4.5.0 (1.33) or 4.4.2 (1.29) where they are the 1.32 texts, and the
 *   enum lists where 1.29 and 1.33 agree (status-source.ts and texts.ts say exactly when);
 * - scripts/schema/overlay/schema-common.ts: the `apiVersion` and `kind` texts of the kinds,
 *   which cdk8s leaves out.
 *
 *   npm run schema:generate   # rewrite the file
 *   npm run schema:check      # exit 1 if the committed file differs from a fresh generation
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCE_TYPES } from '../../src/sim/api/resources.ts';
import { parseCdk8s, parseJsonNames, type RawDef } from './parse-cdk8s.ts';
import { loadKubernetesModels } from './parse-kubernetes-models.ts';
import { loadClientNode } from './parse-client-node.ts';
import { StatusSource } from './status-source.ts';
import { withoutEnumTail } from './texts.ts';
import { typesModule } from './types.ts';
import { API_VERSION, KIND, type FieldDoc } from './overlay/schema-common.ts';

const OUT = fileURLToPath(new URL('../../src/kubectl/verbs/explain/schema-generated.ts', import.meta.url));
const TYPES_OUT = fileURLToPath(new URL('../../src/sim/kinds/generated-types.ts', import.meta.url));

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

/** What the generator reads: cdk8s's k8s.d.ts and k8s.js, and the packages status-source.ts combines. */
export interface Sources {
  cdk8sDts: string;
  cdk8sJs: string;
  status: StatusSource;
}

/** Reads the sources from node_modules. */
export function loadSources(): Sources {
  const require = createRequire(import.meta.url);
  const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));
  const models = (name: string) => loadKubernetesModels(pkg(name), join(dirname(require.resolve(`${name}/package.json`, { paths: [pkg(name)] })), '..', '@kubernetes-models', 'apimachinery'));
  return {
    cdk8sDts: readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.d.ts'), 'utf8'),
    cdk8sJs: readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.js'), 'utf8'),
    status: new StatusSource(models('kubernetes-models'), models('kubernetes-models-k8s129'), loadClientNode(join(pkg('@kubernetes/client-node'), 'dist', 'gen', 'models'))),
  };
}

/**
 * How preferred a definition's group and version is when two share a name: core/v1 first,
 * then the version a group serves first (autoscaling/v2 before v1), then the rest.
 */
function preference(id: string): number {
  if (id.startsWith('io.k8s.api.core.v1.') || id.startsWith('io.k8s.apimachinery.')) return 0;
  const prefix = id.slice(0, id.lastIndexOf('.'));
  return RESOURCE_TYPES.some((t) => `${groupPrefix(t.group)}.${t.version}` === prefix) ? 1 : 2;
}

/** The explain schema file and the kinds' TypeScript types, from one reading of the sources. */
export function generate(src: Sources): { schema: string; types: string } {
  const raw = parseCdk8s(src.cdk8sDts);
  const jsonNames = parseJsonNames(src.cdk8sJs);
  const status = src.status;
  const byId = new Map<string, RawDef>(raw.map((d) => [d.id, d]));
  const idByTs = new Map<string, string>(raw.map((d) => [d.tsName, d.id]));
  const shortName = (id: string) => id.slice(id.lastIndexOf('.') + 1);
  const hasFields = (id: string) => (byId.has(id) ? byId.get(id)!.fields.length > 0 : status.has(id));

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
  /** Kinds neither source has: explain keeps its generic text for them. */
  const missing: string[] = [];
  /** Fields taken from the second source for definitions cdk8s has (its `status` and the like). */
  const added: string[] = [];

  for (const t of RESOURCE_TYPES) {
    for (const version of [t.version, ...(t.alsoServed ?? [])]) {
      const id = `${groupPrefix(t.group)}.${version}.${t.kind}`;
      if (!status.pairKind(id, t.group, version, t.kind) && !byId.has(id)) {
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
    const def = byId.get(id);
    let fields: FieldDoc[];
    let description: string;
    if (def) {
      fields = def.fields.map((f) => {
        const { type, ref } = f.tsType === 'any' && UNTYPED[`${id}#${f.name}`] ? { type: UNTYPED[`${id}#${f.name}`]!, ref: undefined } : explainType(f.tsType);
        const field: FieldDoc = { name: jsonNames.get(def.tsName)?.get(f.name) ?? f.name, type, description: f.description };
        if (f.required) field.required = true;
        if (ref) field.ref = ref;
        // cdk8s drops the enum lists (and their `Possible enum values` text): those the second
        // source can vouch for.
        const e = status.enumFor(id, field.name, f.description);
        if (e) {
          field.enum = e.values;
          field.description = withoutEnumTail(field.description) + e.tail;
        }
        return field;
      });
      if (topLevel.has(id)) fields.push({ ...API_VERSION }, { ...KIND });
      // What cdk8s leaves out of a definition it has (a kind's `status`), from client-node 1.32.
      for (const name of status.fieldNames(id)) {
        if (fields.some((x) => x.name === name)) continue;
        fields.push(status.field(id, name, hasFields)!);
        added.push(`${id}#${name}`);
      }
      description = def.classDescription ?? def.description;
    } else {
      const source = status.def(id, hasFields)!;
      fields = source.fields;
      description = source.description;
    }
    for (const f of fields) if (f.ref) queue.push(f.ref);
    fields.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    defs[id] = { description, fields };
  }
  lastReport = { added, missing, stats: status.stats };

  const sortedDefs = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : 1)));
  const schema =
    '// Generated by scripts/schema/generate.ts from the Kubernetes 1.32.0 OpenAPI (cdk8s-plus-32, @kubernetes/client-node 1.1.2,\n' +
    '// texts and enums of kubernetes-models where they are 1.32\'s). Do not edit.\n' +
    (missing.length ? `// Not in the sources (explain prints a generic text for them): ${missing.join(', ')}.\n` : '') +
    "import type { SchemaData } from './schema-types.ts';\n\n" +
    '/** Every definition `kubectl explain` can show, by OpenAPI id, and the kinds by `group/version/Kind`. */\n' +
    `export const SCHEMA: SchemaData = ${JSON.stringify({ kinds, defs: sortedDefs }, null, 0)};\n`;
  return { schema, types: typesModule(kinds, sortedDefs, preference) };
}

/** What the last generate() took from where, for the command line's summary. */
let lastReport: { added: string[]; missing: string[]; stats: StatusSource['stats'] } | undefined;

function main(): void {
  const { schema, types } = generate(loadSources());
  const r = lastReport!;
  console.log(
    `fields added to cdk8s definitions: ${r.added.length}; texts of the second source: ${JSON.stringify(r.stats.origins)}; ` +
      `enums: ${r.stats.enums}, enums 1.32 cannot be told for: ${r.stats.enumsUnknown.length}`,
  );
  if (process.argv.includes('--verbose')) console.log({ added: r.added, flattened: r.stats.flattened, oneCopy: r.stats.oneCopy, enumsUnknown: r.stats.enumsUnknown, missing: r.missing });
  const outputs: [string, string][] = [
    [OUT, schema],
    [TYPES_OUT, types],
  ];
  if (process.argv.includes('--check')) {
    for (const [path, text] of outputs) {
      if (readFileSync(path, 'utf8') !== text) {
        console.error(`${path} is out of date: run npm run schema:generate`);
        process.exit(1);
      }
    }
    console.log('schema up to date');
  } else {
    for (const [path, text] of outputs) {
      writeFileSync(path, text);
      console.log(`wrote ${path} (${text.length} bytes)`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
