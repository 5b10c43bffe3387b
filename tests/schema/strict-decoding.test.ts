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
