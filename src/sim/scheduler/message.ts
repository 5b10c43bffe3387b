/**
 * FailedScheduling messages, worded and ordered as kube-scheduler 1.32 writes them
 * (framework.FitError.Error plus the preemption PostFilter's summary).
 *
 * Worked example, 3 nodes (tainted control-plane + 2 full workers), Pod asking for cpu 100:
 *   filters: control-plane -> untolerated taint (unresolvable); each worker -> Insufficient cpu
 *   counts:  {"node(s) had untolerated taint {...}": 1, "Insufficient cpu": 2}
 *   strings: "1 node(s) had untolerated taint {...}", "2 Insufficient cpu" (sorted as strings)
 *   preemption: 1 node unresolvable, 2 resolvable without lower-priority victims ->
 *   "0/3 nodes are available: 1 node(s) had ..., 2 Insufficient cpu. preemption: 0/3 nodes are
 *    available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for
 *    incoming pod."
 */

export interface NodeFailure {
  reasons: string[];
  resolvable: boolean;
}

/** The scheduler's error when the cluster has no nodes at all. */
export const NO_NODES = 'no nodes available to schedule pods';

function histogram(items: string[]): string {
  const counts = new Map<string, number>();
  for (const r of items) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => `${n} ${r}`).sort().join(', ');
}

function preemptionSentence(total: number, failures: NodeFailure[], preemptionNever: boolean): string {
  if (preemptionNever) return 'preemption: not eligible due to preemptionPolicy=Never.';
  const per = failures.map((f) =>
    f.resolvable ? 'No preemption victims found for incoming pod' : 'Preemption is not helpful for scheduling',
  );
  return `preemption: 0/${total} nodes are available: ${histogram(per)}.`;
}

/** Message when individual nodes were filtered out, one failure per node. */
export function filterFailureMessage(total: number, failures: NodeFailure[], preemptionNever = false): string {
  const reasons = histogram(failures.flatMap((f) => f.reasons));
  return `0/${total} nodes are available: ${reasons}. ${preemptionSentence(total, failures, preemptionNever)}`;
}

/** Message when the Pod as a whole cannot be scheduled (PreFilter failure such as a missing PVC). */
export function podFailureMessage(total: number, reason: string, preemptionNever = false): string {
  const all = Array.from({ length: total }, () => ({ reasons: [], resolvable: false }));
  return `0/${total} nodes are available: ${reason}. ${preemptionSentence(total, all, preemptionNever)}`;
}
