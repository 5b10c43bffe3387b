/**
 * Scaling without a rollout (sync.go): what a Deployment does when only spec.replicas changed,
 * when it is paused, or when it is being deleted.
 *
 * With one active ReplicaSet the whole count goes to it. During a rollout (several active
 * ReplicaSets) the change is spread proportionally to their sizes, so a scale in the middle
 * of a rolling update keeps the old:new ratio. Example: 10 replicas with the 25% defaults
 * (surge 3), old RS at 8, new RS at 5 (13 = the max-replicas annotation); scaling to 20 allows
 * 20 + 5 = 25 Pods, 12 more: old gets round(8 * 25 / 13) - 8 = 7, new round(5 * 25 / 13) - 5
 * = 5, so 15 and 10.
 */
import { clone, type KubeObject } from '../../api/types.ts';
import type { Deployment, ReplicaSet } from '../../kinds/generated-types.ts';
import { type DeploymentContext, REPLICASETS, recordEvent, replaceReplicaSet, writeDeploymentStatus } from './context.ts';
import { desiredReplicas, isRollingUpdate, maxSurge } from './fenceposts.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { REASONS, getCondition, hasProgressDeadline, newCondition, setCondition, syncDeploymentStatus } from './progress.ts';
import { activeReplicaSets, byCreation, specReplicas, sumSpecReplicas } from './replica-sets.ts';
import { cleanupOldReplicaSets, desiredReplicasAnnotation, maxReplicasAnnotation, replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './revision.ts';

/**
 * Sets a ReplicaSet's spec.replicas and its desired/max annotations (scaleReplicaSet);
 * records `Scaled up|down replica set <rs> from <old> to <new>` when the size changed.
 * Returns the stored ReplicaSet and whether it was resized.
 */
export function scaleReplicaSet(ctx: DeploymentContext, rs: KubeObject, newScale: number, op: 'up' | 'down'): { rs: KubeObject; scaled: boolean } {
  const d = ctx.d;
  const desired = desiredReplicas(d);
  const max = desired + maxSurge(d);
  const oldScale = specReplicas(rs);
  const sizeChanged = oldScale !== newScale;
  if (!sizeChanged && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { rs, scaled: false };
  const copy = clone(rs);
  copy.spec.replicas = newScale;
  setReplicasAnnotations(copy, desired, max);
  delete copy.metadata.resourceVersion;
  let updated: KubeObject;
  try {
    updated = ctx.api.update(REPLICASETS, copy).object;
  } catch {
    return { rs, scaled: false };
  }
  replaceReplicaSet(ctx, updated);
  if (sizeChanged) recordEvent(ctx, 'Normal', 'ScalingReplicaSet', `Scaled ${op} replica set ${updated.metadata.name} from ${oldScale} to ${newScale}`);
  return { rs: updated, scaled: sizeChanged };
}

/** scaleReplicaSet with the direction worked out (scaleReplicaSetAndRecordEvent). */
export function scaleReplicaSetAndRecordEvent(ctx: DeploymentContext, rs: KubeObject, newScale: number): { rs: KubeObject; scaled: boolean } {
  if (specReplicas(rs) === newScale) return { rs, scaled: false };
  return scaleReplicaSet(ctx, rs, newScale, specReplicas(rs) < newScale ? 'up' : 'down');
}

/** The only active ReplicaSet, or the newest when none is active; undefined with several. */
function findActiveOrLatest(newRS: KubeObject | undefined, oldRSs: readonly KubeObject[]): KubeObject | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const newestFirst = [...oldRSs].sort(byCreation).reverse();
  const active = activeReplicaSets([...newestFirst, newRS]);
  if (active.length === 0) return newRS ?? newestFirst[0];
  return active.length === 1 ? active[0] : undefined;
}

/** Whether the new ReplicaSet already holds all replicas, all available (IsSaturated). */
function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const want = desiredReplicas(d);
  return specReplicas(rs) === want && desiredReplicasAnnotation(rs) === want && Number(rs.status?.availableReplicas ?? 0) === want;
}

/** This ReplicaSet's share of `toAdd` (GetReplicaSetProportion / getReplicaSetFraction). */
function proportion(d: Deployment, rs: ReplicaSet, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  let fraction: number;
  if (desiredReplicas(d) === 0) fraction = -specReplicas(rs);
  else {
    let before = maxReplicasAnnotation(rs) ?? 0;
    if (!before) before = Number(d.status?.replicas ?? 0);
    if (!before) return 0;
    const target = (specReplicas(rs) * (desiredReplicas(d) + maxSurge(d))) / before;
    fraction = Math.sign(target) * Math.round(Math.abs(target)) - specReplicas(rs);
  }
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** Brings ReplicaSet sizes in line with spec.replicas (DeploymentController.scale). */
export function scale(ctx: DeploymentContext, newRS: KubeObject | undefined, oldRSs: KubeObject[]): void {
  const d = ctx.d;
  const want = desiredReplicas(d);
  const one = findActiveOrLatest(newRS, oldRSs);
  if (one) {
    if (specReplicas(one) !== want) scaleReplicaSetAndRecordEvent(ctx, one, want);
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of activeReplicaSets(oldRSs)) scaleReplicaSetAndRecordEvent(ctx, old, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const all = activeReplicaSets([...oldRSs, newRS]);
  const allowed = want > 0 ? want + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(all);
  let op: 'up' | 'down' = 'up';
  if (toAdd > 0) {
    // Bigger first; among equals the newer one grows first (ReplicaSetsBySizeNewer).
    all.sort((a, b) => specReplicas(b) - specReplicas(a) || byCreation(b, a));
  } else if (toAdd < 0) {
    // Bigger first; among equals the older one shrinks first (ReplicaSetsBySizeOlder).
    all.sort((a, b) => specReplicas(b) - specReplicas(a) || byCreation(a, b));
    op = 'down';
  }
  const sizes = new Map<string, number>();
  let added = 0;
  for (const rs of all) {
    const p = toAdd !== 0 ? proportion(d, rs, toAdd, added) : 0;
    sizes.set(rs.metadata.uid!, specReplicas(rs) + p);
    added += p;
  }
  all.forEach((rs, i) => {
    let size = sizes.get(rs.metadata.uid!)!;
    // Leftovers from rounding go to the largest ReplicaSet.
    if (i === 0 && toAdd !== 0) size = Math.max(0, size + toAdd - added);
    scaleReplicaSet(ctx, rs, size, op);
  });
}

/** Scale-only sync for paused Deployments and pure scaling events (DeploymentController.sync). */
export function sync(ctx: DeploymentContext): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, false);
  scale(ctx, newRS, oldRSs);
  if (ctx.d.spec?.paused) cleanupOldReplicaSets(ctx.api, ctx.d, currentOld(ctx, newRS));
  const view = refreshed(ctx, newRS);
  syncDeploymentStatus(ctx, [...view.oldRSs, view.newRS], view.newRS);
}

/** Status only, for a Deployment being deleted (syncStatusOnly). */
export function syncStatusOnly(ctx: DeploymentContext): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, false);
  syncDeploymentStatus(ctx, [...oldRSs, newRS], newRS);
}

/** The context's current copies of the new and old ReplicaSets after writes. */
export function refreshed(ctx: DeploymentContext, newRS: KubeObject | undefined): { newRS: KubeObject | undefined; oldRSs: KubeObject[] } {
  const uid = newRS?.metadata.uid;
  return {
    newRS: uid ? ctx.rsList.find((r) => r.metadata.uid === uid) : undefined,
    oldRSs: ctx.rsList.filter((r) => r.metadata.uid !== uid),
  };
}

function currentOld(ctx: DeploymentContext, newRS: KubeObject | undefined): KubeObject[] {
  return refreshed(ctx, newRS).oldRSs;
}

/** Whether spec.replicas changed since the active ReplicaSets were last sized (isScalingEvent). */
export function isScalingEvent(ctx: DeploymentContext): boolean {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, false);
  for (const rs of activeReplicaSets([...oldRSs, newRS])) {
    const desired = desiredReplicasAnnotation(rs);
    if (desired !== undefined && desired !== desiredReplicas(ctx.d)) return true;
  }
  return false;
}

/**
 * Pausing and resuming show in Progressing as Unknown/DeploymentPaused and
 * Unknown/DeploymentResumed, which also restarts the deadline clock on resume so a long
 * pause never counts as lack of progress. A timed-out condition is left as it is.
 */
export function checkPausedConditions(ctx: DeploymentContext): void {
  const d = ctx.d;
  if (!hasProgressDeadline(d)) return;
  const cur = getCondition(d.status, 'Progressing');
  if (cur?.reason === REASONS.timedOut) return;
  const pausedCond = cur?.reason === REASONS.paused;
  if (d.spec?.paused && !pausedCond) {
    setCondition((d.status ??= {}), newCondition('Progressing', 'Unknown', REASONS.paused, 'Deployment is paused', ctx.now));
  } else if (!d.spec?.paused && pausedCond) {
    setCondition((d.status ??= {}), newCondition('Progressing', 'Unknown', REASONS.resumed, 'Deployment is resumed', ctx.now));
  } else return;
  writeDeploymentStatus(ctx);
}
