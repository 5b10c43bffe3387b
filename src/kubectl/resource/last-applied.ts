/** The annotation `kubectl apply` (and `create --save-config`) keeps the applied manifest in. */
import { clone, type KubeObject } from '../../sim/index.ts';
import { toCompactJson } from '../printers/json.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The annotation value: the manifest (with namespace, without the annotation itself) as sorted JSON. */
export function lastAppliedOf(obj: KubeObject): string {
  const copy = clone(obj);
  const annotations = { ...(copy.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  copy.metadata.annotations = annotations;
  return toCompactJson(copy) + '\n';
}
