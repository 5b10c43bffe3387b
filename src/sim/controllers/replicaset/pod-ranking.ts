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
import { isPodReady, podReadySince } from '../shared/pod-conditions.ts';

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function deletionCost(p: KubeObject): number {
  const v = p.metadata.annotations?.['controller.kubernetes.io/pod-deletion-cost'];
  const n = v === undefined ? 0 : Number(v);
  return Number.isInteger(n) ? n : 0;
}

function maxRestarts(p: KubeObject): number {
  let m = 0;
  for (const c of (p.status?.containerStatuses ?? []) as { restartCount?: number }[]) m = Math.max(m, c.restartCount ?? 0);
  return m;
}

/** floor(log2(age in ns)) as Go computes it, -1 for no age: ages in the same bucket tie. */
function logRank(t: number, now: number): number {
  const d = (now - t) * 1e6;
  return d > 0 ? Math.floor(Math.log2(d)) : -1;
}

interface Ranked {
  pod: KubeObject;
  rank: number;
}

function less(a: Ranked, b: Ranked, now: number): number {
  const pa = a.pod;
  const pb = b.pod;
  const na = pa.spec?.nodeName ?? '';
  const nb = pb.spec?.nodeName ?? '';
  if (na !== nb && (!na || !nb)) return !na ? -1 : 1;
  const oa = PHASE_ORDINAL[pa.status?.phase as string] ?? 0;
  const ob = PHASE_ORDINAL[pb.status?.phase as string] ?? 0;
  if (oa !== ob) return oa - ob;
  const ra = isPodReady(pa);
  const rb = isPodReady(pb);
  if (ra !== rb) return ra ? 1 : -1;
  const ca = deletionCost(pa);
  const cb = deletionCost(pb);
  if (ca !== cb) return ca - cb;
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (ra && rb) {
    const ta = podReadySince(pa);
    const tb = podReadySince(pb);
    if (ta !== tb) {
      if (ta === undefined || tb === undefined) return ta === undefined ? -1 : 1;
      const diff = logRank(ta, now) - logRank(tb, now);
      if (diff !== 0) return diff;
      return uidOrder(pa, pb);
    }
  }
  const xa = maxRestarts(pa);
  const xb = maxRestarts(pb);
  if (xa !== xb) return xb - xa;
  const ctA = Date.parse(pa.metadata.creationTimestamp ?? '');
  const ctB = Date.parse(pb.metadata.creationTimestamp ?? '');
  if (ctA !== ctB && !(Number.isNaN(ctA) && Number.isNaN(ctB))) {
    if (Number.isNaN(ctA) || Number.isNaN(ctB)) return Number.isNaN(ctA) ? -1 : 1;
    const diff = logRank(ctA, now) - logRank(ctB, now);
    if (diff !== 0) return diff;
  }
  return uidOrder(pa, pb);
}

function uidOrder(a: KubeObject, b: KubeObject): number {
  const x = a.metadata.uid ?? '';
  const y = b.metadata.uid ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
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
  const ranked = pods.map((pod) => ({ pod, rank: perNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
  ranked.sort((a, b) => less(a, b, now));
  return ranked.slice(0, count).map((r) => r.pod);
}
