/** NodeUnschedulable: cordoned nodes take no new Pods unless the Pod tolerates the cordon taint. */
import { toleratesTaint, type Toleration } from '../../nodes/taints.ts';
import { OK, unresolvable, type FilterPlugin } from './types.ts';

const CORDON_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

export const nodeUnschedulable: FilterPlugin = {
  name: 'NodeUnschedulable',
  filter(pod, { node }) {
    if (!node.spec?.unschedulable) return OK;
    const tolerations: Toleration[] = pod.spec?.tolerations ?? [];
    if (tolerations.some((t) => toleratesTaint(t, CORDON_TAINT))) return OK;
    return unresolvable('node(s) were unschedulable');
  },
};
