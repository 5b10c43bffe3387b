/**
 * Objects as the API server serves them in a version other than the stored one: a client that
 * asks for `hpa.v1.autoscaling` gets the autoscaling/v1 form. Kinds served in one version come
 * back unchanged. The HorizontalPodAutoscaler conversion loads with its kind: an HPA exists only
 * once that code is there (its create prepared it), so a read with nothing to convert needs none.
 */
import { ApiError } from '../api/errors.ts';
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { HPA_CODE, HPAS } from './horizontalpodautoscaler/index.ts';

/** `obj` (stored form) converted to `version` of its resource `key` (`horizontalpodautoscalers.autoscaling`). */
export function inServedVersion(cluster: Cluster, key: string, obj: KubeObject, version: string | undefined): KubeObject {
  if (key !== HPAS || version !== 'v1') return obj;
  const hpa = cluster.code.loaded(HPA_CODE);
  if (!hpa) throw new ApiError('InternalError', `Internal error occurred: the simulator's code for ${HPAS} has not loaded yet (conversion before prepare)`);
  return hpa.v2ToV1(obj) as KubeObject;
}
