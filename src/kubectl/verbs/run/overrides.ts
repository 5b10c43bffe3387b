/**
 * `kubectl run --overrides='{json}'`: kubectl encodes the generated Pod, applies the override
 * to it as a JSON merge patch (maps merge, lists and scalars replace) and decodes the result
 * back into a Pod, so a value of the wrong type is Go's unmarshal error.
 */
import { jsonTypeName, objectMetaDecodeError, podSpecDecodeError, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { mergePatch } from '../../../sim/index.ts';

/** The Go types of a Pod's top-level fields, for the decode error of a wrongly typed one. */
const POD_FIELDS: Record<string, string> = { apiVersion: 'string', kind: 'string', metadata: 'v1.ObjectMeta', spec: 'v1.PodSpec', status: 'v1.PodStatus' };

function decodeError(obj: unknown): string | undefined {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return `json: cannot unmarshal ${jsonTypeName(obj)} into Go value of type v1.Pod`;
  const pod = obj as Record<string, unknown>;
  for (const [field, type] of Object.entries(POD_FIELDS)) {
    const v = pod[field];
    if (v === undefined || v === null) continue;
    const ok = type === 'string' ? typeof v === 'string' : typeof v === 'object' && !Array.isArray(v);
    if (!ok) return `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field Pod.${field} of type ${type}`;
  }
  return objectMetaDecodeError(pod.metadata, 'Pod') ?? podSpecDecodeError(pod.spec);
}

/** Applies the override JSON to `pod`; bad JSON and wrongly typed values are kubectl's errors. */
export function mergeOverrides(pod: KubeObject, json: string): KubeObject {
  let patch: unknown;
  try {
    patch = JSON.parse(json);
  } catch {
    // kubectl hands the text to its JSON merge-patch library, which refuses text that is not JSON.
    throw new CliError('Invalid JSON Patch');
  }
  if (patch === null) throw new CliError('Invalid JSON Patch');
  const merged = mergePatch(pod, patch);
  const err = decodeError(merged);
  if (err) throw new CliError(err);
  return merged as KubeObject;
}
