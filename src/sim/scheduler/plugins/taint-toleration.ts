/**
 * TaintToleration: NoSchedule and NoExecute taints keep out Pods that do not tolerate them;
 * PreferNoSchedule only lowers the node's score (see `preferNoScheduleCount`).
 */
import type { KubeObject } from '../../api/types.ts';
import { firstUntolerated, toleratesTaint, type Taint, type Toleration } from '../../nodes/taints.ts';
import { OK, unresolvable, type FilterPlugin } from './types.ts';

export const taintToleration: FilterPlugin = {
  name: 'TaintToleration',
  filter(pod, { node }) {
    const taint = firstUntolerated(node.spec?.taints ?? [], pod.spec?.tolerations ?? [], ['NoSchedule', 'NoExecute']);
    if (!taint) return OK;
    return unresolvable(`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
  },
};

/** How many PreferNoSchedule taints of `node` the Pod does not tolerate (fewer is better). */
export function preferNoScheduleCount(pod: KubeObject, node: KubeObject): number {
  const tolerations: Toleration[] = (pod.spec?.tolerations ?? []).filter(
    (t: Toleration) => !t.effect || t.effect === 'PreferNoSchedule',
  );
  return (node.spec?.taints ?? []).filter(
    (taint: Taint) => taint.effect === 'PreferNoSchedule' && !tolerations.some((t) => toleratesTaint(t, taint)),
  ).length;
}
