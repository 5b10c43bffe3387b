/**
 * What the one PodDisruptionBudget selecting a Pod says about evicting it
 * (registry/core/pod/storage/eviction.go), for the eviction subresource (client/subresources.ts),
 * which deletes the Pod when this returns: more than one budget is a 500; an unready Pod goes
 * when the budget's unhealthyPodEvictionPolicy is AlwaysAllow, or (IfHealthyBudget, the default)
 * when the budget is met without it; a ready one only while disruptionsAllowed is above 0, which
 * the eviction decrements, recording the Pod in disruptedPods until the disruption controller
 * sees it go. A budget the controller has not yet seen in its current generation, or that
 * allows nothing, refuses with 429 TooManyRequests.
 */
import { ApiError } from '../../api/errors.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { disruptionAllowedCondition, podReady } from './budget.ts';

/** MaxDisruptedPodSize: evictions the disruption controller has not yet confirmed, beyond which a budget refuses. */
const MAX_DISRUPTED_PODS = 2000;

/** Throws the budget's refusal of evicting `live`, or returns (recording the disruption unless a dry run). */
export function admitEviction(cluster: Cluster, live: KubeObject, all: KubeObject[], dryRun: boolean | undefined): void {
  const api = cluster.api;
  const namespace = live.metadata.namespace!;
  const pod = live.metadata.name!;
  const pdbs = all.filter((pdb) => {
    let sel;
    try {
      sel = selectorFromSpec(pdb.spec?.selector);
    } catch {
      return false;
    }
    return !sel.nothing && sel.requirements.length > 0 && matches(sel, live.metadata.labels);
  });
  if (pdbs.length > 1) throw new ApiError('InternalError', 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
  const pdb = pdbs[0];
  if (!pdb) return;
  const st = (pdb.status ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!podReady(live)) {
    if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return;
    if ((st.currentHealthy ?? 0) >= (st.desiredHealthy ?? 0) && (st.desiredHealthy ?? 0) > 0) return;
  }
  const name = pdb.metadata.name!;
  const refuse = "Cannot evict pod as it would violate the pod's disruption budget.";
  if ((st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    throw new ApiError('TooManyRequests', refuse, {
      retryAfterSeconds: 10,
      causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${name} is still being processed by the server.`, field: '' }],
    });
  }
  const allowed = st.disruptionsAllowed ?? 0;
  if (allowed < 0) throw new ApiError('Forbidden', `poddisruptionbudget.policy "${name}" is forbidden: pdb disruptions allowed is negative`, { name, group: 'policy', kind: 'poddisruptionbudget' });
  if (Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_PODS) {
    throw new ApiError('Forbidden', `poddisruptionbudget.policy "${name}" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller`, {
      name,
      group: 'policy',
      kind: 'poddisruptionbudget',
    });
  }
  if (allowed === 0) {
    throw new ApiError('TooManyRequests', refuse, {
      causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${name} needs ${st.desiredHealthy ?? 0} healthy pods and has ${st.currentHealthy ?? 0} currently`, field: '' }],
    });
  }
  if (!dryRun) {
    const now = cluster.clock.now();
    api.modifyStatus('poddisruptionbudgets.policy', namespace, name, (o) => {
      const status = { ...o.status, disruptionsAllowed: allowed - 1 };
      if (status.disruptionsAllowed === 0) status.conditions = disruptionAllowedCondition(status, now);
      status.disruptedPods = { ...(status.disruptedPods ?? {}), [pod]: isoTime(now) };
      o.status = status;
    });
  }
}
