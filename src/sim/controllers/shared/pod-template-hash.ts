/**
 * The `pod-template-hash` a Deployment puts on its ReplicaSets and their Pods
 * (controller.ComputeHash). Kubernetes hashes the template with FNV-32a over a deep print of
 * the Go struct, which cannot be reproduced byte for byte here; we hash the canonical JSON of
 * the template instead (keys sorted), then add the collision count and encode exactly as
 * Kubernetes does, so names look real (`web-7b84c5f95f`) and are stable: the same template
 * always gives the same hash, which is what lets a rollback find its old ReplicaSet.
 */
import { utf8Bytes } from '../../../encoding/utf8.ts';
import { SUFFIX_ALPHABET } from '../../clock/random.ts';

/** The label key the hash is stored under (apps.DefaultDeploymentUniqueLabelKey). */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-32a over bytes, continuing from `hash` (default: the offset basis). */
export function fnv32a(bytes: Uint8Array, hash: number = FNV_OFFSET): number {
  let h = hash >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** JSON with object keys sorted at every level; `undefined` members are dropped as JSON does. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return '[' + v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',') + ']';
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson(o[k])).join(',') + '}';
}

/**
 * rand.SafeEncodeString: each character mapped through the suffix alphabet by its byte value
 * mod 27, so the decimal digits 0-9 become `4 5 6 7 8 9 b c d f`.
 */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SUFFIX_ALPHABET[s.charCodeAt(i) % SUFFIX_ALPHABET.length];
  return out;
}


/**
 * The hash of a pod template plus the Deployment's `status.collisionCount` (written as 8
 * little-endian bytes when set, as Kubernetes does), printed as a decimal uint32 and encoded.
 * The template must not carry the pod-template-hash label (the Deployment's never does).
 */
export function computePodTemplateHash(template: unknown, collisionCount?: number): string {
  let h = fnv32a(utf8Bytes(canonicalJson(template)));
  if (collisionCount !== undefined && collisionCount !== null) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(b, h);
  }
  return safeEncodeString(String(h));
}
