/**
 * Pure pieces of the Job controller: conditions, pod finish times, the pod-failure back-off
 * (10 s doubling to 10 min, counted from the last failure), completed-index sets, and the
 * OnFailure restart count check (pastBackoffLimitOnFailure).
 */
import { isoTime } from '../../api/types.ts';
import type { Job, Pod } from '../../kinds/generated-types.ts';

/** DefaultJobPodFailureBackOff / MaxJobPodFailureBackOff in pkg/controller/job. */
export const POD_FAILURE_BACKOFF_MS = 10_000;
export const MAX_POD_FAILURE_BACKOFF_MS = 10 * 60_000;

export interface JobCondition {
  type: string;
  status: string;
  lastProbeTime: string;
  lastTransitionTime: string;
  reason?: string;
  message?: string;
}

/** Whether the job has condition `type` with status True. */
export function hasCondition(job: Job, type: string): boolean {
  return ((job.status?.conditions ?? []) as JobCondition[]).some((c) => c.type === type && c.status === 'True');
}

/** Complete or Failed. */
export function isJobFinished(job: Job): boolean {
  return hasCondition(job, 'Complete') || hasCondition(job, 'Failed');
}

/** The finished condition's type (`Complete`/`Failed`) and its time, if finished. */
export function finishedCondition(job: Job): JobCondition | undefined {
  return ((job.status?.conditions ?? []) as JobCondition[]).find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

/** Sets (or updates) a condition, keeping the transition time when the status does not change. */
export function setCondition(conditions: JobCondition[], type: string, status: string, reason: string, message: string, now: number): JobCondition[] {
  const t = isoTime(now);
  const existing = conditions.find((c) => c.type === type);
  if (existing) {
    if (existing.status === status && existing.reason === reason && existing.message === message) return conditions;
    return conditions.map((c) =>
      c.type === type ? { ...c, status, reason, message, lastProbeTime: t, lastTransitionTime: c.status === status ? c.lastTransitionTime : t } : c,
    );
  }
  return [...conditions, { type, status, lastProbeTime: t, lastTransitionTime: t, reason, message }];
}

/**
 * When a pod finished (getFinishedTime): the latest container finishedAt when all containers
 * terminated, else the Ready=False transition, else deletion time minus grace, else creation.
 */
export function podFinishedTime(pod: Pod): number {
  const statuses: { state?: { terminated?: { finishedAt?: string } } }[] = pod.status?.containerStatuses ?? [];
  if (statuses.length && statuses.every((s) => s.state?.terminated?.finishedAt)) {
    return Math.max(...statuses.map((s) => Date.parse(s.state!.terminated!.finishedAt!)));
  }
  const ready = (pod.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
  if (ready?.status === 'False' && ready.lastTransitionTime) return Date.parse(ready.lastTransitionTime);
  if (pod.metadata.deletionTimestamp) return Date.parse(pod.metadata.deletionTimestamp) - (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  return Date.parse(pod.metadata.creationTimestamp ?? '') || 0;
}

/** Back-off before the next pod after `failures` consecutive failures (0 = none). */
export function backoffFor(failures: number): number {
  if (failures <= 0) return 0;
  let d = POD_FAILURE_BACKOFF_MS;
  for (let i = 1; i < failures; i++) {
    d *= 2;
    if (d >= MAX_POD_FAILURE_BACKOFF_MS) return MAX_POD_FAILURE_BACKOFF_MS;
  }
  return d;
}

/** Time left before a replacement pod may be created. */
export function remainingBackoff(failures: number, lastFailure: number | undefined, now: number): number {
  if (!failures || lastFailure === undefined) return 0;
  const left = backoffFor(failures) - (now - lastFailure);
  return left > 0 ? left : 0;
}

/** With restartPolicy OnFailure, whether container restarts of running pods reached backoffLimit. */
export function pastBackoffLimitOnFailure(job: Job, pods: Pod[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const p of pods) {
    if (p.status?.phase !== 'Running' && p.status?.phase !== 'Pending') continue;
    for (const s of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) restarts += s.restartCount ?? 0;
  }
  const limit = job.spec?.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/** Parses `1,3-5` into a set of indexes. */
export function parseIndexes(text: string | undefined): Set<number> {
  const out = new Set<number>();
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [a, b] = part.split('-').map(Number);
    for (let i = a!; i <= (b ?? a!); i++) out.add(i);
  }
  return out;
}

/** Formats indexes as the API does (`0-2,4`). */
export function formatIndexes(set: Set<number>): string {
  const sorted = [...set].sort((x, y) => x - y);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The TTL-after-finished rule: ms until a finished Job is due for deletion (0 = now), or
 * undefined when it has no ttlSecondsAfterFinished or has not finished.
 */
export function ttlRemaining(job: Job, now: number): number | undefined {
  const ttl: number | undefined = job.spec?.ttlSecondsAfterFinished;
  const cond = finishedCondition(job);
  if (ttl === undefined || ttl === null || !cond) return undefined;
  const at = Date.parse(job.status?.completionTime ?? cond.lastTransitionTime ?? '') || now;
  return Math.max(0, at + ttl * 1000 - now);
}
