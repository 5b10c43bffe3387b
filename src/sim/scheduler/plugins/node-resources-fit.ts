/**
 * NodeResourcesFit: the Pod's requests must fit in the node's allocatable minus what the Pods
 * already bound there request. Reasons come in kube-scheduler's order: `Too many pods`, then
 * `Insufficient cpu`, `Insufficient memory`, `Insufficient ephemeral-storage`, then extended
 * resources (`Insufficient nvidia.com/gpu`) sorted by name.
 */
import { nodeAllocatable, podRequests } from '../../nodes/pod-resources.ts';
import { OK, type FilterPlugin } from './types.ts';

const FIRST = ['cpu', 'memory', 'ephemeral-storage'];

export const nodeResourcesFit: FilterPlugin = {
  name: 'NodeResourcesFit',
  filter(pod, { node, usage }) {
    const alloc = nodeAllocatable(node);
    const reasons: string[] = [];
    const maxPods = alloc['pods'] ?? 110;
    if (usage.pods + 1 > maxPods) reasons.push('Too many pods');
    const req = podRequests(pod);
    const names = Object.keys(req).filter((k) => req[k]! > 0 && k !== 'pods');
    const ordered = [...FIRST.filter((k) => names.includes(k)), ...names.filter((k) => !FIRST.includes(k)).sort()];
    for (const k of ordered) {
      if (k.startsWith('hugepages-') && !(k in alloc)) continue;
      const free = (alloc[k] ?? 0) - (usage.requests[k] ?? 0);
      if (req[k]! > free) reasons.push(`Insufficient ${k}`);
    }
    return reasons.length ? { ok: false, reasons, resolvable: true } : OK;
  },
};
