/**
 * NodeName: a Pod naming a node in spec.nodeName fits only there. Such Pods normally bypass
 * the scheduler; this matters for Pods that carry a nodeName and still reach it.
 */
import { OK, unresolvable, type FilterPlugin } from './types.ts';

export const nodeName: FilterPlugin = {
  name: 'NodeName',
  filter(pod, { node }) {
    const want = pod.spec?.nodeName;
    if (!want || want === node.metadata.name) return OK;
    return unresolvable("node(s) didn't match the requested node name");
  },
};
