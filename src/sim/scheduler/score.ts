/**
 * Scoring, reduced to what decides placements in small clusters: fewer untolerated
 * PreferNoSchedule taints first, then the least requested node (kube-scheduler's
 * NodeResourcesFit LeastAllocated, counting Pods without requests as 100m cpu / 200Mi memory
 * like its non-zero defaults), then fewer Pods, then the node name, so the same cluster always
 * places the same way.
 *
 * Example: two empty 8-cpu workers; three nginx Pods without requests land on kind-worker,
 * kind-worker2, kind-worker (ties go to the first name).
 */
import type { KubeObject } from '../api/types.ts';
import type { NodeUsageIndex } from '../nodes/node-usage.ts';
import { nodeAllocatable, podRequests } from '../nodes/pod-resources.ts';
import { preferNoScheduleCount } from './plugins/taint-toleration.ts';

const DEFAULT_CPU_MILLIS = 100;
const DEFAULT_MEMORY_BYTES = 200 * 1024 * 1024;

function leastAllocated(requested: number, allocatable: number): number {
  if (allocatable <= 0 || requested > allocatable) return 0;
  return ((allocatable - requested) * 100) / allocatable;
}

/** Picks the best of the feasible nodes (non-empty) for the Pod. */
export function pickNode(pod: KubeObject, feasible: KubeObject[], usage: NodeUsageIndex): string {
  const req = podRequests(pod);
  const cpu = req['cpu'] || DEFAULT_CPU_MILLIS;
  const mem = req['memory'] || DEFAULT_MEMORY_BYTES;
  let best: { name: string; taints: number; score: number; pods: number } | undefined;
  for (const node of feasible) {
    const name = node.metadata.name!;
    const u = usage.usage(name);
    const alloc = nodeAllocatable(node);
    const cpuScore = leastAllocated((u.requests['cpu'] ?? 0) + cpu, alloc['cpu'] ?? 0);
    const memScore = leastAllocated((u.requests['memory'] ?? 0) + mem, alloc['memory'] ?? 0);
    const cand = { name, taints: preferNoScheduleCount(pod, node), score: Math.floor((cpuScore + memScore) / 2), pods: u.pods };
    if (!best || better(cand, best)) best = cand;
  }
  return best!.name;
}

function better(
  a: { name: string; taints: number; score: number; pods: number },
  b: { name: string; taints: number; score: number; pods: number },
): boolean {
  if (a.taints !== b.taints) return a.taints < b.taints;
  if (a.score !== b.score) return a.score > b.score;
  if (a.pods !== b.pods) return a.pods < b.pods;
  return a.name < b.name;
}
