/**
 * The RollingUpdate strategy (rolling.go). Each sync takes at most one step:
 *   1. scale the new ReplicaSet up as far as spec.replicas + maxSurge allows;
 *   2. otherwise scale old ReplicaSets down as far as spec.replicas - maxUnavailable allows,
 *      unhealthy (not available) old Pods first since removing them costs no availability;
 *   3. when the rollout is complete, delete old ReplicaSets beyond revisionHistoryLimit;
 * and then updates status and the Progressing condition. Every Pod change re-triggers a sync,
 * so the rollout advances as new Pods become available.
 *
 * Worked example (3 replicas, nginx:1.25 -> 1.26, surge 1, unavailable 0):
 *   new RS created with 1 (4 allowed, 3 exist)            "Scaled up ... from 0 to 1"
 *   new Pod available: 4 available > 3 minimum            "Scaled down ... from 3 to 2"
 *   3 Pods now, 4 allowed                                 "Scaled up ... from 1 to 2"
 *   ... and so on until the old RS is at 0.
 */
import type { KubeObject } from '../../api/types.ts';
import type { DeploymentContext } from './context.ts';
import { desiredReplicas, maxUnavailable } from './fenceposts.ts';
import { getAllReplicaSetsAndSyncRevision, newRSNewReplicas } from './new-replica-set.ts';
import { deploymentComplete, syncRolloutStatus } from './progress.ts';
import { activeReplicaSets, byCreation, specReplicas, sumSpecReplicas, sumStatus } from './replica-sets.ts';
import { cleanupOldReplicaSets } from './revision.ts';
import { refreshed, scaleReplicaSetAndRecordEvent } from './sync.ts';

/** Scales the new ReplicaSet toward spec.replicas within the surge budget. */
function reconcileNewReplicaSet(ctx: DeploymentContext, allRSs: KubeObject[], newRS: KubeObject): boolean {
  const want = desiredReplicas(ctx.d);
  if (specReplicas(newRS) === want) return false;
  if (specReplicas(newRS) > want) return scaleReplicaSetAndRecordEvent(ctx, newRS, want).scaled;
  return scaleReplicaSetAndRecordEvent(ctx, newRS, newRSNewReplicas(ctx.d, allRSs, newRS)).scaled;
}

/**
 * Scales old ReplicaSets down (reconcileOldReplicaSets). The most that may go is
 * allPods - minAvailable - newRSUnavailable: unavailable new Pods are subtracted so that a
 * crash-looping new ReplicaSet never lets the old ones shrink further. Example: 10 replicas,
 * maxUnavailable 2, maxSurge 3; old 8 + new 5 = 13 Pods, the 5 new ones never become
 * available: 13 - 8 - 5 = 0, nothing more is scaled down. After `rollout undo` the good RS is
 * new again with 1 unavailable: 13 - 8 - 1 = 4 crash-looping Pods go.
 */
function reconcileOldReplicaSets(ctx: DeploymentContext, allRSs: KubeObject[], oldRSs: KubeObject[], newRS: KubeObject): boolean {
  if (sumSpecReplicas(oldRSs) === 0) return false;
  const minAvailable = desiredReplicas(ctx.d) - maxUnavailable(ctx.d);
  const newUnavailable = specReplicas(newRS) - Number(newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = sumSpecReplicas(allRSs) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const cleaned = cleanupUnhealthyReplicas(ctx, oldRSs, maxScaledDown);
  // The same ReplicaSets as before the cleanup (now possibly at 0), in their stored state.
  const current = refreshed(ctx, newRS);
  const uids = new Set(oldRSs.map((rs) => rs.metadata.uid));
  const stillOld = current.oldRSs.filter((rs) => uids.has(rs.metadata.uid));
  const scaledDown = scaleDownOldReplicaSets(ctx, [...stillOld, current.newRS!], stillOld);
  return cleaned + scaledDown > 0;
}

/** Removes old Pods that are not available, up to `maxCleanup` (cleanupUnhealthyReplicas). */
function cleanupUnhealthyReplicas(ctx: DeploymentContext, oldRSs: KubeObject[], maxCleanup: number): number {
  let total = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (total >= maxCleanup) break;
    const replicas = specReplicas(rs);
    const available = Number(rs.status?.availableReplicas ?? 0);
    if (replicas === 0 || replicas === available) continue;
    const count = Math.min(maxCleanup - total, replicas - available);
    scaleReplicaSetAndRecordEvent(ctx, rs, replicas - count);
    total += count;
  }
  return total;
}

/** Scales old ReplicaSets down while availability stays above the minimum, oldest first. */
function scaleDownOldReplicaSets(ctx: DeploymentContext, allRSs: KubeObject[], oldRSs: KubeObject[]): number {
  const minAvailable = desiredReplicas(ctx.d) - maxUnavailable(ctx.d);
  const available = sumStatus(allRSs, 'availableReplicas');
  if (available <= minAvailable) return 0;
  const budget = available - minAvailable;
  let total = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (total >= budget) break;
    const replicas = specReplicas(rs);
    if (replicas === 0) continue;
    const count = Math.min(replicas, budget - total);
    scaleReplicaSetAndRecordEvent(ctx, rs, replicas - count);
    total += count;
  }
  return total;
}

/** One RollingUpdate step (rolloutRolling). */
export function rolloutRolling(ctx: DeploymentContext): void {
  const first = getAllReplicaSetsAndSyncRevision(ctx, true);
  if (!first.newRS) return;
  const all = (): KubeObject[] => {
    const v = refreshed(ctx, first.newRS);
    return [...v.oldRSs, v.newRS!];
  };
  if (reconcileNewReplicaSet(ctx, all(), first.newRS)) {
    const v = refreshed(ctx, first.newRS);
    return syncRolloutStatus(ctx, all(), v.newRS);
  }
  const v = refreshed(ctx, first.newRS);
  if (reconcileOldReplicaSets(ctx, all(), activeReplicaSets(v.oldRSs), v.newRS!)) {
    return syncRolloutStatus(ctx, all(), refreshed(ctx, first.newRS).newRS);
  }
  if (deploymentComplete(ctx.d, ctx.d.status ?? {})) cleanupOldReplicaSets(ctx.api, ctx.d, refreshed(ctx, first.newRS).oldRSs);
  const end = refreshed(ctx, first.newRS);
  syncRolloutStatus(ctx, [...end.oldRSs, end.newRS], end.newRS);
}
