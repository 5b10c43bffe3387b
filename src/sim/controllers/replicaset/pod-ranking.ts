/**
 * Which Pods a ReplicaSet deletes first when it has too many (controller_utils.go
 * ActivePodsWithRanks.Less, with the PodDeletionCost and LogarithmicScaleDown features on,
 * as in 1.32). The cheapest Pods to lose go first:
 *   1. not yet scheduled before scheduled;
 *   2. Pending before Unknown before Running;
 *   3. not ready before ready;
 *   4. lower `controller.kubernetes.io/pod-deletion-cost` first;
 *   5. Pods sharing a node with more sibling Pods first (spreads what remains);
 *   6. ready for less time first (compared in powers-of-two buckets of age);
 *   7. more container restarts first;
 *   8. newer first (same buckets); then by uid, so the order is total and deterministic.
 */
import type { KubeObject } from '../../api/types.ts';
import type { Pod } from '../../kinds/generated-types.ts';
import { isPodReady, podReadySince } from '../shared/pod-conditions.ts';

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function deletionCost(p: Pod): number {
  const v = p.metadata.annotations?.['controller.kubernetes.io/pod-deletion-cost'];
  const n = v === undefined ? 0 : Number(v);
  return Number.isInteger(n) ? n : 0;
}

function maxRestarts(p: Pod): number {
  let m = 0;
  for (const c of (p.status?.containerStatuses ?? []) as { restartCount?: number }[]) m = Math.max(m, c.restartCount ?? 0);
  return m;
}

/** floor(log2(age in ns)) as Go computes it, -1 for no age: ages in the same bucket tie. */
function logRank(t: number, now: number): number {
  const d = (now - t) * 1e6;
  return d > 0 ? Math.floor(Math.log2(d)) : -1;
}

/** A Pod with the facts the ranking compares, read once per Pod instead of once per comparison. */
interface Ranked {
  pod: Pod;
  rank: number;
  node: string;
  phase: number;
  ready: boolean;
  cost: number;
  readySince: number | undefined;
  restarts: number;
  created: number;
  uid: string;
}

function decorate(pod: Pod, rank: number): Ranked {
  return {
    pod,
    rank,
    node: pod.spec?.nodeName ?? '',
    phase: PHASE_ORDINAL[pod.status?.phase as string] ?? 0,
    ready: isPodReady(pod),
    cost: deletionCost(pod),
    readySince: podReadySince(pod),
    restarts: maxRestarts(pod),
    created: Date.parse(pod.metadata.creationTimestamp ?? ''),
    uid: pod.metadata.uid ?? '',
  };
}

function less(a: Ranked, b: Ranked, now: number): number {
  if (a.node !== b.node && (!a.node || !b.node)) return !a.node ? -1 : 1;
  if (a.phase !== b.phase) return a.phase - b.phase;
  if (a.ready !== b.ready) return a.ready ? 1 : -1;
  if (a.cost !== b.cost) return a.cost - b.cost;
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.ready && b.ready) {
    const ta = a.readySince;
    const tb = b.readySince;
    if (ta !== tb) {
      if (ta === undefined || tb === undefined) return ta === undefined ? -1 : 1;
      const diff = logRank(ta, now) - logRank(tb, now);
      if (diff !== 0) return diff;
      return uidOrder(a, b);
    }
  }
  if (a.restarts !== b.restarts) return b.restarts - a.restarts;
  const ctA = a.created;
  const ctB = b.created;
  if (ctA !== ctB && !(Number.isNaN(ctA) && Number.isNaN(ctB))) {
    if (Number.isNaN(ctA) || Number.isNaN(ctB)) return Number.isNaN(ctA) ? -1 : 1;
    const diff = logRank(ctA, now) - logRank(ctB, now);
    if (diff !== 0) return diff;
  }
  return uidOrder(a, b);
}

function uidOrder(a: Ranked, b: Ranked): number {
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/**
 * The `k` smallest items under `cmp`, in order. A rolling update scales the old ReplicaSet
 * down a Pod or two at a time; sorting all of a 10,000-Pod ReplicaSet for each of those steps
 * would make the rollout quadratic in log-linear steps, so small `k` keeps a bounded max-heap
 * (O(n log k)). The order is total (uid breaks ties), so the result equals a full sort's prefix.
 */
function smallest<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k * 4 >= items.length) return items.sort(cmp).slice(0, k);
  const heap: T[] = [];
  const up = (i: number): void => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i]!, heap[p]!) <= 0) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const it of items) {
    if (heap.length < k) {
      heap.push(it);
      up(heap.length - 1);
    } else if (cmp(it, heap[0]!) < 0) {
      heap[0] = it;
      down(0);
    }
  }
  return heap.sort(cmp);
}

/**
 * The `count` Pods of `pods` to delete, best candidates first. `relatedPods` are the active
 * Pods of every ReplicaSet sharing this one's owner (for the same-node rank).
 */
export function podsToDelete(pods: readonly KubeObject[], relatedPods: readonly KubeObject[], count: number, now: number): KubeObject[] {
  if (count >= pods.length) return [...pods];
  const perNode = new Map<string, number>();
  for (const p of relatedPods) {
    const n = p.spec?.nodeName ?? '';
    perNode.set(n, (perNode.get(n) ?? 0) + 1);
  }
  const ranked = pods.map((pod) => decorate(pod, perNode.get(pod.spec?.nodeName ?? '') ?? 0));
  return smallest(ranked, count, (a, b) => less(a, b, now)).map((r) => r.pod);
}
