/**
 * The Recreate strategy (recreate.go): scale every old ReplicaSet to 0, wait until none of
 * their Pods exists any more (terminating ones included, so old and new Pods never run side
 * by side), then create or scale up the new ReplicaSet to spec.replicas.
 */
import type { KubeObject } from '../../api/types.ts';
import type { DeploymentContext } from './context.ts';
import { desiredReplicas } from './fenceposts.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { deploymentComplete, syncRolloutStatus } from './progress.ts';
import { activeReplicaSets, sumStatus } from './replica-sets.ts';
import { cleanupOldReplicaSets } from './revision.ts';
import { refreshed, scaleReplicaSetAndRecordEvent } from './sync.ts';

/** Whether any Pod of an old ReplicaSet still exists in a non-terminal phase (oldPodsRunning). */
function oldPodsRunning(ctx: DeploymentContext, newRS: KubeObject | undefined, oldRSs: KubeObject[]): boolean {
  if (sumStatus(oldRSs, 'replicas') > 0) return true;
  for (const rs of oldRSs) {
    if (rs.metadata.uid === newRS?.metadata.uid) continue;
    for (const p of ctx.podsOf(rs)) {
      const phase = p.status?.phase;
      if (phase !== 'Failed' && phase !== 'Succeeded') return true;
    }
  }
  return false;
}

/** One Recreate step (rolloutRecreate). */
export function rolloutRecreate(ctx: DeploymentContext): void {
  let { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, false);
  let scaledDown = false;
  for (const rs of activeReplicaSets(oldRSs)) {
    if (scaleReplicaSetAndRecordEvent(ctx, rs, 0).scaled) scaledDown = true;
  }
  if (scaledDown || oldPodsRunning(ctx, newRS, refreshed(ctx, newRS).oldRSs)) {
    const v = refreshed(ctx, newRS);
    return syncRolloutStatus(ctx, [...v.oldRSs, v.newRS], v.newRS);
  }
  if (!newRS) {
    ({ newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, true));
    if (!newRS) return;
  }
  scaleReplicaSetAndRecordEvent(ctx, refreshed(ctx, newRS).newRS!, desiredReplicas(ctx.d));
  if (deploymentComplete(ctx.d, ctx.d.status ?? {})) cleanupOldReplicaSets(ctx.api, ctx.d, refreshed(ctx, newRS).oldRSs);
  const v = refreshed(ctx, newRS);
  syncRolloutStatus(ctx, [...v.oldRSs, v.newRS], v.newRS);
}
