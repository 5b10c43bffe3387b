/**
 * Decoding of the parts every object shares, before any kind's own checks: `metadata` as an
 * ObjectMeta (string names, string-to-string labels and annotations, a list of finalizers) and
 * the Node spec's typed fields. A wrongly typed value is Go's unmarshal error, which the API
 * server returns as `<Kind> in version "v1" cannot be handled as a <Kind>: json: ...`, and
 * nothing is stored.
 */
import type { KubeObject } from '../api/types.ts';
import { jsonTypeName, stringMapDecodeError } from './kinds/config.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const STRING_FIELDS = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'creationTimestamp', 'deletionTimestamp'];

function unmarshal(v: unknown, field: string, type: string, struct = 'ObjectMeta'): string {
  return `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field ${struct}.${field} of type ${type}`;
}

/** Go's decode error for the first wrongly typed field of an ObjectMeta at `path`, if any. */
export function objectMetaDecodeError(meta: unknown, kind: string, path = 'metadata'): string | undefined {
  if (meta === undefined || meta === null) return undefined;
  if (typeof meta !== 'object' || Array.isArray(meta)) return unmarshal(meta, path, 'v1.ObjectMeta', kind);
  const m = meta as Obj;
  // Go decodes fields in the order kubectl sends them: keys sorted.
  for (const key of Object.keys(m).sort()) {
    const v = m[key];
    if (v === undefined || v === null) continue;
    if (STRING_FIELDS.includes(key) && typeof v !== 'string') {
      // metav1.Time decodes itself from a JSON string, and its error names no field.
      if (key.endsWith('Timestamp')) return `json: cannot unmarshal ${jsonTypeName(v)} into Go value of type string`;
      return unmarshal(v, `${path}.${key}`, 'string');
    }
    if (key === 'labels' || key === 'annotations') {
      const e = stringMapDecodeError(v, `ObjectMeta.${path}.${key}`);
      if (e) return e;
    }
    if (key === 'finalizers') {
      if (!Array.isArray(v)) return unmarshal(v, `${path}.finalizers`, '[]string');
      const bad = v.find((x) => x !== null && typeof x !== 'string');
      if (bad !== undefined) return unmarshal(bad, `${path}.finalizers`, 'string');
    }
    if ((key === 'generation' || key === 'deletionGracePeriodSeconds') && (typeof v !== 'number' || !Number.isInteger(v))) {
      return typeof v === 'number' ? `json: cannot unmarshal number ${v} into Go struct field ObjectMeta.${path}.${key} of type int64` : unmarshal(v, `${path}.${key}`, 'int64');
    }
    if (key === 'ownerReferences' && !Array.isArray(v)) return unmarshal(v, `${path}.ownerReferences`, '[]v1.OwnerReference');
  }
  return undefined;
}

/** Go's decode error for a Node's spec fields of the wrong type (`unschedulable: "yes"`). */
export function nodeSpecDecodeError(obj: KubeObject): string | undefined {
  const spec = obj.spec as unknown;
  if (spec === undefined || spec === null) return undefined;
  if (typeof spec !== 'object' || Array.isArray(spec)) return unmarshal(spec, 'spec', 'v1.NodeSpec', 'Node');
  const s = spec as Obj;
  for (const key of Object.keys(s).sort()) {
    const v = s[key];
    if (v === undefined || v === null) continue;
    if (key === 'unschedulable' && typeof v !== 'boolean') return unmarshal(v, 'spec.unschedulable', 'bool', 'NodeSpec');
    if ((key === 'podCIDR' || key === 'providerID' || key === 'externalID') && typeof v !== 'string') return unmarshal(v, `spec.${key}`, 'string', 'NodeSpec');
    if (key === 'podCIDRs') {
      const e = !Array.isArray(v) ? unmarshal(v, 'spec.podCIDRs', '[]string', 'NodeSpec') : undefined;
      if (e) return e;
    }
    if (key === 'taints') {
      if (!Array.isArray(v)) return unmarshal(v, 'spec.taints', '[]v1.Taint', 'NodeSpec');
      for (const t of v) {
        if (t === null) continue;
        if (typeof t !== 'object' || Array.isArray(t)) return unmarshal(t, 'spec.taints', 'v1.Taint', 'NodeSpec');
        for (const f of ['key', 'value', 'effect']) {
          if ((t as Obj)[f] !== undefined && (t as Obj)[f] !== null && typeof (t as Obj)[f] !== 'string') return unmarshal((t as Obj)[f], `spec.taints.${f}`, f === 'effect' ? 'v1.TaintEffect' : 'string', 'Taint');
        }
      }
    }
  }
  return undefined;
}
