/**
 * Deployment status and its conditions (sync.go calculateStatus, progress.go
 * syncRolloutStatus, deployment_util.go). Two conditions tell a rollout's story:
 *
 *   Available    True  MinimumReplicasAvailable    "Deployment has minimum availability."
 *                False MinimumReplicasUnavailable  "Deployment does not have minimum availability."
 *   Progressing  True  NewReplicaSetCreated        `Created new replica set "web-xxx"`
 *                True  FoundNewReplicaSet          `Found new replica set "web-xxx"`
 *                True  ReplicaSetUpdated           `ReplicaSet "web-xxx" is progressing.`
 *                True  NewReplicaSetAvailable      `ReplicaSet "web-xxx" has successfully progressed.`
 *                False ProgressDeadlineExceeded    `ReplicaSet "web-xxx" has timed out progressing.`
 *                Unknown DeploymentPaused / DeploymentResumed
 *
 * A condition keeps its lastTransitionTime while its status stays the same; Progressing's
 * lastUpdateTime moves each time progress is seen, and the deadline
 * (spec.progressDeadlineSeconds, default 600) counts from it.
 */
import { isoTime, type KubeObject } from '../../api/types.ts';
import { type DeploymentContext, sameStatus, writeDeploymentStatus } from './context.ts';
import { desiredReplicas, maxUnavailable } from './fenceposts.ts';
import { sumSpecReplicas, sumStatus } from './replica-sets.ts';

export interface DeploymentCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** Condition reasons (deployment_util.go). */
export const REASONS = {
  newRSCreated: 'NewReplicaSetCreated',
  foundNewRS: 'FoundNewReplicaSet',
  rsUpdated: 'ReplicaSetUpdated',
  newRSAvailable: 'NewReplicaSetAvailable',
  timedOut: 'ProgressDeadlineExceeded',
  failedRSCreate: 'ReplicaSetCreateError',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
  minimumAvailable: 'MinimumReplicasAvailable',
  minimumUnavailable: 'MinimumReplicasUnavailable',
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Status = Record<string, any>;

export function newCondition(type: string, status: DeploymentCondition['status'], reason: string, message: string, now: number): DeploymentCondition {
  const t = isoTime(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

export function getCondition(status: Status | undefined, type: string): DeploymentCondition | undefined {
  return (status?.conditions as DeploymentCondition[] | undefined)?.find((c) => c.type === type);
}

/**
 * Sets a condition (SetDeploymentCondition): nothing happens when one of that type already
 * has the same status and reason; the transition time is kept when only the reason changes.
 * The condition moves to the end of the list, which is why a finished rollout lists
 * Available before Progressing.
 */
export function setCondition(status: Status, c: DeploymentCondition): void {
  const cur = getCondition(status, c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return;
  const next = { ...c };
  if (cur && cur.status === c.status) next.lastTransitionTime = cur.lastTransitionTime;
  status.conditions = [...((status.conditions as DeploymentCondition[] | undefined) ?? []).filter((x) => x.type !== c.type), next];
}

export function removeCondition(status: Status, type: string): void {
  const rest = ((status.conditions as DeploymentCondition[] | undefined) ?? []).filter((x) => x.type !== type);
  if (rest.length) status.conditions = rest;
  else delete status.conditions;
}

/** Whether spec.progressDeadlineSeconds is set (and not the "never" value MaxInt32). */
export function hasProgressDeadline(d: KubeObject): boolean {
  const p = d.spec?.progressDeadlineSeconds;
  return typeof p === 'number' && p !== 2147483647;
}

/**
 * The Deployment status from its ReplicaSets (calculateStatus): counts summed over them, the
 * new one's for updatedReplicas, existing conditions carried over and Available set from
 * whether availableReplicas >= replicas - maxUnavailable. Zero counts are omitted.
 */
export function calculateStatus(d: KubeObject, allRSs: readonly (KubeObject | undefined)[], newRS: KubeObject | undefined, now: number): Status {
  const available = sumStatus(allRSs, 'availableReplicas');
  const unavailable = Math.max(0, sumSpecReplicas(allRSs) - available);
  const status: Status = {};
  const put = (k: string, v: number | undefined): void => {
    if (v) status[k] = v;
  };
  put('observedGeneration', d.metadata.generation);
  put('replicas', sumStatus(allRSs, 'replicas'));
  put('updatedReplicas', sumStatus([newRS], 'replicas'));
  put('readyReplicas', sumStatus(allRSs, 'readyReplicas'));
  put('availableReplicas', available);
  put('unavailableReplicas', unavailable);
  const conditions = (d.status?.conditions as DeploymentCondition[] | undefined) ?? [];
  if (conditions.length) status.conditions = conditions.map((c) => ({ ...c }));
  if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
  if (available >= desiredReplicas(d) - maxUnavailable(d)) {
    setCondition(status, newCondition('Available', 'True', REASONS.minimumAvailable, 'Deployment has minimum availability.', now));
  } else {
    setCondition(status, newCondition('Available', 'False', REASONS.minimumUnavailable, 'Deployment does not have minimum availability.', now));
  }
  return status;
}

const n = (s: Status | undefined, k: string): number => Number(s?.[k] ?? 0);

/** Every Pod updated, available and observed (DeploymentComplete). */
export function deploymentComplete(d: KubeObject, s: Status): boolean {
  const want = desiredReplicas(d);
  return n(s, 'updatedReplicas') === want && n(s, 'replicas') === want && n(s, 'availableReplicas') === want && n(s, 'observedGeneration') >= (d.metadata.generation ?? 0);
}

/** Whether `s` shows progress over the stored status (DeploymentProgressing). */
export function deploymentProgressing(d: KubeObject, s: Status): boolean {
  const old = d.status;
  return (
    n(s, 'updatedReplicas') > n(old, 'updatedReplicas') ||
    n(s, 'replicas') - n(s, 'updatedReplicas') < n(old, 'replicas') - n(old, 'updatedReplicas') ||
    n(s, 'readyReplicas') > n(old, 'readyReplicas') ||
    n(s, 'availableReplicas') > n(old, 'availableReplicas')
  );
}

/** Whether no progress was seen for progressDeadlineSeconds (DeploymentTimedOut). */
export function deploymentTimedOut(d: KubeObject, s: Status, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, 'Progressing');
  if (!c || c.reason === REASONS.newRSAvailable) return false;
  if (c.reason === REASONS.timedOut) return true;
  return Date.parse(c.lastUpdateTime) + d.spec.progressDeadlineSeconds * 1000 < now;
}

/**
 * Updates status and the Progressing condition after a rollout step (syncRolloutStatus),
 * writing only on change. While a rollout is stuck, asks to be looked at again when its
 * deadline passes, so ProgressDeadlineExceeded appears without any other event.
 */
export function syncRolloutStatus(ctx: DeploymentContext, allRSs: readonly (KubeObject | undefined)[], newRS: KubeObject | undefined): void {
  const { d, now } = ctx;
  const s = calculateStatus(d, allRSs, newRS, now);
  if (!hasProgressDeadline(d)) removeCondition(s, 'Progressing');
  const cur = getCondition(d.status, 'Progressing');
  const complete = n(s, 'replicas') === n(s, 'updatedReplicas') && cur?.reason === REASONS.newRSAvailable;
  if (hasProgressDeadline(d) && !complete) {
    const subject = newRS ? `ReplicaSet "${newRS.metadata.name}"` : `Deployment "${d.metadata.name}"`;
    if (deploymentComplete(d, s)) {
      setCondition(s, newCondition('Progressing', 'True', REASONS.newRSAvailable, `${subject} has successfully progressed.`, now));
    } else if (deploymentProgressing(d, s)) {
      // Same reason but a new lastUpdateTime: progress restarts the deadline clock, so the
      // condition is replaced rather than left alone as setCondition would.
      const c = newCondition('Progressing', 'True', REASONS.rsUpdated, `${subject} is progressing.`, now);
      if (cur) {
        if (cur.status === 'True') c.lastTransitionTime = cur.lastTransitionTime;
        removeCondition(s, 'Progressing');
      }
      setCondition(s, c);
    } else if (deploymentTimedOut(d, s, now)) {
      setCondition(s, newCondition('Progressing', 'False', REASONS.timedOut, `${subject} has timed out progressing.`, now));
    }
  }
  const failure = [newRS, ...allRSs].map((rs) => (rs?.status?.conditions as { type: string; status: string; reason: string; message: string; lastTransitionTime: string }[] | undefined)?.find((c) => c.type === 'ReplicaFailure' && c.status === 'True')).find(Boolean);
  if (failure) setCondition(s, { type: 'ReplicaFailure', status: 'True', lastUpdateTime: failure.lastTransitionTime, lastTransitionTime: failure.lastTransitionTime, reason: failure.reason, message: failure.message });
  else removeCondition(s, 'ReplicaFailure');

  if (sameStatus(d.status, s)) {
    requeueStuckDeployment(ctx, s);
    return;
  }
  ctx.d.status = s;
  writeDeploymentStatus(ctx);
}

/**
 * When the rollout shows no progress, the moment its deadline passes
 * (requeueStuckDeployment). Example: Progressing last updated at 00:00:00, now 00:03:00,
 * deadline 600 s -> look again in 7 minutes.
 */
function requeueStuckDeployment(ctx: DeploymentContext, s: Status): void {
  const { d, now } = ctx;
  const cur = getCondition(d.status, 'Progressing');
  if (!hasProgressDeadline(d) || !cur) return;
  if (deploymentComplete(d, s) || cur.reason === REASONS.timedOut) return;
  const after = Date.parse(cur.lastUpdateTime) + d.spec.progressDeadlineSeconds * 1000 - now;
  // The deadline test is "strictly before now": look just after it.
  ctx.requeueAfter = Math.max(0, after) + 1;
}

/** Status without rollout bookkeeping (syncDeploymentStatus), written only on change. */
export function syncDeploymentStatus(ctx: DeploymentContext, allRSs: readonly (KubeObject | undefined)[], newRS: KubeObject | undefined): void {
  const s = calculateStatus(ctx.d, allRSs, newRS, ctx.now);
  if (sameStatus(ctx.d.status, s)) return;
  ctx.d.status = s;
  writeDeploymentStatus(ctx);
}
