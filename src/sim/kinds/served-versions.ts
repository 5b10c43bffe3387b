/**
 * Objects as the API server serves them in a version other than the stored one: a client that
 * asks for `hpa.v1.autoscaling` gets the autoscaling/v1 form. Kinds served in one version come
 * back unchanged.
 */
import type { KubeObject } from '../api/types.ts';
import { HPAS, v2ToV1 } from './horizontalpodautoscaler/convert.ts';

/** `obj` (stored form) converted to `version` of its resource `key` (`horizontalpodautoscalers.autoscaling`). */
export function inServedVersion(key: string, obj: KubeObject, version: string | undefined): KubeObject {
  if (key === HPAS && version === 'v1') return v2ToV1(obj) as KubeObject;
  return obj;
}
