/**
 * The name suffix kustomize v5.5 gives generated ConfigMaps and Secrets: SHA-256 over Go's
 * JSON of `{data, kind, name}` (plus `binaryData`, `immutable`, and `type` for Secrets; the
 * name is empty when kustomize hashes), first ten hex digits with 0 1 3 a e mapped to g h k m t.
 */
import { toCompactJson } from '../printers/json.ts';
import { sha256Hex } from './sha256.ts';

const MAP: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };

/** The hash suffix of a generated ConfigMap or Secret. */
export function generatedHash(obj: Record<string, unknown>): string {
  const m: Record<string, unknown> = { kind: obj.kind, name: '', data: obj.data ?? null };
  if (obj.kind === 'Secret') m.type = obj.type ?? '';
  if (obj.immutable !== undefined) m.immutable = obj.immutable;
  if (obj.binaryData && Object.keys(obj.binaryData).length) m.binaryData = obj.binaryData;
  return [...sha256Hex(toCompactJson(m)).slice(0, 10)].map((c) => MAP[c] ?? c).join('');
}
