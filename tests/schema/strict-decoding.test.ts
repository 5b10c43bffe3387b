/**
 * The API server's strict decoding (`unknown field "spec.x"`) against the generated Kubernetes
 * 1.32 schema: an object carrying every field the schema defines, nested as deep as the
 * hand-written key sets look, must decode without an unknown field, for every kind with a
 * strict decoder.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../src/sim/index.ts';
import { RESOURCE_TYPES } from '../../src/sim/api/resources.ts';
import { SCHEMA } from '../../src/kubectl/verbs/explain/schema-generated.ts';
import { OBJECT_META, POD_SPEC, type Schema } from '../../src/sim/apiserver/kinds/pod-spec-schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** A value of explain type `type` (leaf or nested object), following refs not yet on the path. */
function sample(type: string, ref: string | undefined, path: Set<string>): unknown {
  if (type.startsWith('[]')) return [sample(type.slice(2), ref, path)];
  if (type.startsWith('map[')) return {};
  if (ref && SCHEMA.defs[ref] && !path.has(ref)) return full(ref, new Set(path).add(ref));
  if (type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'Object' || ref) return {};
  return 'x';
}

/** An object with every field of definition `id`. */
function full(id: string, path: Set<string>): Obj {
  const out: Obj = {};
  for (const f of SCHEMA.defs[id]!.fields) out[f.name] = sample(f.type, f.ref, path);
  return out;
}

/** The generated fields strict decoding does not know, per kind (empty when they agree). */
function gaps(): Record<string, string[]> {
  const api = createCluster({ preset: 'kind' }).api;
  const out: Record<string, string[]> = {};
  for (const t of RESOURCE_TYPES) {
    const id = SCHEMA.kinds[`${t.group}/${t.version}/${t.kind}`];
    const adm = api.admission.for(t.group ? `${t.plural}.${t.group}` : t.plural);
    if (!id || !adm.unknownFields) continue;
    const obj = full(id, new Set([id]));
    obj.apiVersion = t.group ? `${t.group}/${t.version}` : t.version;
    obj.kind = t.kind;
    const unknown = adm.unknownFields(obj as never);
    if (unknown.length) out[t.kind] = unknown;
  }
  return out;
}

describe('strict decoding and the generated schema', () => {
  it('knows every field the 1.32 schema defines, for every kind it decodes strictly', () => {
    expect(gaps()).toEqual({});
  });
});

/** Keys of the hand-written PodSpec tree that the 1.32 definition at `id` does not have. */
function extraKeys(keys: Schema, id: string, path: string, out: string[]): string[] {
  const def = SCHEMA.defs[id]!;
  for (const k of keys.keys) {
    const f = def.fields.find((x) => x.name === k);
    if (!f) out.push(`${path}.${k}`);
    else if (keys.nested?.[k] && f.ref) extraKeys(keys.nested[k]!, f.ref, `${path}.${k}`, out);
    else if (keys.nested?.[k]) out.push(`${path}.${k} (nested keys for a field without a definition)`);
  }
  return out;
}

describe('the hand-written key sets and the generated schema', () => {
  it('PodSpec strict decoding knows no field the 1.32 schema lacks', () => {
    expect(extraKeys(POD_SPEC, 'io.k8s.api.core.v1.PodSpec', 'spec', [])).toEqual([]);
  });

  it('ObjectMeta strict decoding knows exactly the 1.32 ObjectMeta fields', () => {
    const generated = SCHEMA.defs['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']!.fields.map((f) => f.name);
    expect([...OBJECT_META].sort()).toEqual([...generated].sort());
  });
});

describe('status and strict decoding', () => {
  it('accepts a Pod and a Deployment carrying every status field the 1.32 schema defines', () => {
    const api = createCluster({ preset: 'kind' }).api;
    for (const [resource, id, apiVersion, kind] of [
      ['pods', 'io.k8s.api.core.v1.Pod', 'v1', 'Pod'],
      ['deployments.apps', 'io.k8s.api.apps.v1.Deployment', 'apps/v1', 'Deployment'],
    ] as const) {
      const statusField = SCHEMA.defs[id]!.fields.find((f) => f.name === 'status')!;
      const obj = { apiVersion, kind, metadata: { name: 'x' }, status: full(statusField.ref!, new Set([id, statusField.ref!])) };
      expect(Object.keys(obj.status).length, kind).toBeGreaterThan(5);
      expect(api.admission.for(resource).unknownFields!(obj as never), kind).toEqual([]);
    }
  });

  it('still reports unknown fields outside status', () => {
    const api = createCluster({ preset: 'kind' }).api;
    const obj = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { containers: [{ name: 'a', image: 'nginx:1.27', port: 80 }] }, status: { phase: 'Running' } };
    expect(api.admission.for('pods').unknownFields!(obj as never)).toEqual(['spec.containers[0].port']);
  });
});
