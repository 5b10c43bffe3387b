/**
 * The Job controller (pkg/controller/job) and the TTL-after-finished rule: creates pods up to
 * parallelism (Indexed jobs one per pending index), counts each finished pod once, waits the
 * pod-failure back-off before replacements, fails the Job past backoffLimit or
 * activeDeadlineSeconds, completes it when enough pods succeeded, and deletes finished Jobs
 * after ttlSecondsAfterFinished.
 *
 * Finished pods are counted once via a per-Job record of counted pod uids (the real
 * controller uses the batch.kubernetes.io/job-tracking finalizer for the same purpose); pods
 * deleted before they were counted are caught from their DELETED watch event.
 */
import type { Cluster } from '../../cluster.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { completionIndexOf, jobPod } from './job-pods.ts';
import { newMemory, type JobMemory } from './job-memory.ts';
import { keyOf, ownerKeys, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { isPodReady, isTerminal, writeStatus } from '../statefulset/pods.ts';
import { dependentIndex } from '../shared/dependent-index.ts';
import { MAX_CREATES_PER_SYNC, slowStartBatch } from '../shared/slow-start.ts';
import {
  formatIndexes,
  isJobFinished,
  parseIndexes,
  pastBackoffLimitOnFailure,
  podFinishedTime,
  remainingBackoff,
  setCondition,
  ttlRemaining,
  type JobCondition,
} from './job-status.ts';

export const JOB_CONTROLLER = 'job-controller';
const RESOURCE = 'jobs.batch';
/**
 * How long Pod events for one Job are gathered into one sync. The real syncJobBatchPeriod is a
 * second; the simulated kubelet moves Pods in discrete steps, so a short window already
 * gathers a burst, and Job durations stay what a real cluster shows.
 */
const SYNC_JOB_BATCH_PERIOD_MS = 50;

/** The controller; memory of counted pods lives per Job uid. */
export function jobController(cluster: Cluster): Controller {
  const { api } = cluster;
  const podIndex = dependentIndex(cluster, 'pods');
  const memory = new Map<string, JobMemory>();
  const mem = (uid: string) => {
    let m = memory.get(uid);
    if (!m) memory.set(uid, (m = newMemory()));
    return m;
  };
  const event = (job: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) =>
    cluster.events.record(job, type, reason, message, { component: JOB_CONTROLLER });

  /**
   * Deletes one of the Job's Pods. Pods removed as surplus lose their tracking finalizer first
   * and count for nothing; the Pods a failing Job stops (`asFailed`) keep it and count as
   * failed at once, as deleteActivePods and trackJobStatusAndRemoveFinalizers do.
   */
  function deletePod(job: KubeObject, m: JobMemory, pod: KubeObject, asFailed = false): void {
    (asFailed ? m.counted : m.deletedByUs).add(pod.metadata.uid!);
    try {
      api.delete('pods', pod.metadata.namespace, pod.metadata.name!);
      event(job, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    } catch {
      // Already gone.
    }
  }

  /** Creates one Pod; false (with a FailedCreate event) when the API server refuses it. */
  function createPod(job: KubeObject, index: number | undefined): boolean {
    const pod = jobPod(job, index);
    try {
      const created = api.create('pods', pod).object;
      event(job, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
      return true;
    } catch (e) {
      event(job, 'Warning', 'FailedCreate', `Error creating: ${(e as Error).message}`);
      return false;
    }
  }

  /** The Job's Pods, in no particular order (counting needs no sort). */
  const podsOf = (job: KubeObject): KubeObject[] => podIndex.controlledBy(job.metadata.namespace ?? '', job.metadata.uid!);
  const isActive = (p: KubeObject): boolean => !isTerminal(p) && !p.metadata.deletionTimestamp;
  const byName = (list: KubeObject[]): KubeObject[] => [...list].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));

  function finished(job: KubeObject, now: number): ReconcileResult | void {
    const left = ttlRemaining(job, now);
    if (left === undefined) return;
    if (left > 0) return { requeueAfter: left };
    try {
      api.delete(RESOURCE, job.metadata.namespace, job.metadata.name!, { propagationPolicy: 'Foreground' });
    } catch {
      // Already gone.
    }
  }


  function sync(job: KubeObject): ReconcileResult | void {
    const now = cluster.now();
    if (isJobFinished(job)) return finished(job, now);
    const m = mem(job.metadata.uid!);
    const spec = job.spec ?? {};
    const old = job.status ?? {};
    const indexed = spec.completionMode === 'Indexed';
    const pods = podsOf(job);
    const replaceTerminating = spec.podReplacementPolicy !== 'Failed';

    if (!m.seeded) {
      m.seeded = true;
      if ((old.succeeded ?? 0) + (old.failed ?? 0) > 0) for (const p of pods) if (isTerminal(p)) m.counted.add(p.metadata.uid!);
    }

    // Count pods that finished since the last sync, once each.
    let succeeded: number = old.succeeded ?? 0;
    let failed: number = old.failed ?? 0;
    const completed = parseIndexes(old.completedIndexes);
    const newSucceeded: number[] = [];
    const newFailed: number[] = [];
    const present = new Set<string>();
    for (const p of pods) {
      const uid = p.metadata.uid!;
      present.add(uid);
      if (m.counted.has(uid) || m.deletedByUs.has(uid)) continue;
      const phase = p.status?.phase;
      if (phase === 'Succeeded') {
        m.counted.add(uid);
        newSucceeded.push(podFinishedTime(p));
        const i = completionIndexOf(p);
        if (i !== undefined) completed.add(i);
      } else if (phase === 'Failed' || (replaceTerminating && p.metadata.deletionTimestamp)) {
        m.counted.add(uid);
        newFailed.push(phase === 'Failed' ? podFinishedTime(p) : now);
      }
    }
    for (const [uid, g] of m.gone) {
      if (!m.counted.has(uid) && !m.deletedByUs.has(uid)) {
        if (g.phase === 'Succeeded') {
          newSucceeded.push(now);
          if (g.index !== undefined) completed.add(g.index);
        } else newFailed.push(now);
      }
    }
    m.gone.clear();
    for (const uid of m.counted) if (!present.has(uid)) m.counted.delete(uid);
    for (const uid of m.deletedByUs) if (!present.has(uid)) m.deletedByUs.delete(uid);
    succeeded += newSucceeded.length;
    failed += newFailed.length;
    if (newSucceeded.length) {
      const lastSuccess = Math.max(...newSucceeded);
      const after = newFailed.filter((t) => t > lastSuccess);
      m.failuresAfterLastSuccess = after.length;
      m.lastFailureTime = after.length ? Math.max(...after) : undefined;
    } else if (newFailed.length) {
      m.failuresAfterLastSuccess += newFailed.length;
      m.lastFailureTime = Math.max(...newFailed);
    }

    let active = pods.filter(isActive);
    let changed = false;
    let conditions: JobCondition[] = [...(old.conditions ?? [])];
    let startTime: string | undefined = old.startTime;
    let completionTime: string | undefined = old.completionTime;
    let requeue: number | undefined;
    const wake = (ms: number) => (requeue = requeue === undefined ? ms : Math.min(requeue, ms));

    const suspended = spec.suspend === true;
    const wasSuspended = conditions.some((c) => c.type === 'Suspended' && c.status === 'True');
    if (suspended) {
      for (const p of byName(active)) deletePod(job, m, p);
      changed ||= active.length > 0;
      active = [];
      if (!wasSuspended) {
        conditions = setCondition(conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now);
        event(job, 'Normal', 'Suspended', 'Job suspended');
      }
    } else {
      if (wasSuspended) {
        conditions = setCondition(conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', now);
        startTime = isoTime(now);
        event(job, 'Normal', 'Resumed', 'Job resumed');
      }
      startTime ??= isoTime(now);
    }

    const completions: number | undefined = spec.completions ?? undefined;
    const parallelism: number = spec.parallelism ?? 1;
    // Interim conditions are sticky: once set, the Job only waits for its pods to terminate.
    const target = conditions.find((x) => x.type === 'FailureTarget' && x.status === 'True');
    let failure: { reason: string; message: string } | undefined = target ? { reason: target.reason ?? '', message: target.message ?? '' } : undefined;
    const criteriaMet = conditions.some((x) => x.type === 'SuccessCriteriaMet' && x.status === 'True');
    if (!suspended && !failure && !criteriaMet) {
      if (failed > (spec.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, active)) {
        failure = { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' };
      } else if (spec.activeDeadlineSeconds !== undefined && startTime) {
        const due = Date.parse(startTime) + spec.activeDeadlineSeconds * 1000;
        if (now >= due) failure = { reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' };
        else wake(due - now);
      }
    }
    const done =
      criteriaMet ||
      (indexed
        ? completed.size >= (completions ?? 0)
        : completions === undefined
          ? succeeded > 0 && active.length === 0
          : succeeded >= completions);

    if (failure || done) {
      for (const p of byName(active)) deletePod(job, m, p, failure !== undefined);
      if (failure) failed += active.length;
      changed ||= active.length > 0;
      active = [];
    } else if (!suspended) {
      let want: number;
      if (completions === undefined) want = succeeded > 0 ? active.length : parallelism;
      else want = Math.max(0, Math.min(parallelism, (indexed ? completions - completed.size : completions - succeeded)));
      if (active.length > want) {
        const extra = new Set(byName(active).sort((a, b) => Number(isPodReady(a)) - Number(isPodReady(b))).slice(0, Math.min(active.length - want, MAX_CREATES_PER_SYNC)));
        for (const p of extra) deletePod(job, m, p);
        changed = true;
        active = active.filter((p) => !extra.has(p));
      } else if (active.length < want) {
        const left = remainingBackoff(m.failuresAfterLastSuccess, m.lastFailureTime, now);
        if (left > 0) wake(left);
        else {
          // At most MAX_CREATES_PER_SYNC per sync, in slow-start batches; the new Pods'
          // events bring the next sync for the rest.
          const need = Math.min(want - active.length, MAX_CREATES_PER_SYNC);
          if (indexed) {
            const busy = new Set(active.map(completionIndexOf));
            const free: number[] = [];
            for (let i = 0; i < completions! && free.length < need; i++) if (!completed.has(i) && !busy.has(i)) free.push(i);
            slowStartBatch(free.length, (k) => createPod(job, free[k]));
          } else slowStartBatch(need, () => createPod(job, undefined));
          changed = true;
        }
        if (changed) active = podsOf(job).filter(isActive);
      }
    }

    const current = changed ? podsOf(job) : pods;
    const terminating = current.filter((p) => p.metadata.deletionTimestamp && !isTerminal(p)).length;
    if (failure) {
      conditions = setCondition(conditions, 'FailureTarget', 'True', failure.reason, failure.message, now);
      if (terminating === 0) {
        conditions = setCondition(conditions, 'Failed', 'True', failure.reason, failure.message, now);
        event(job, 'Warning', failure.reason, failure.message);
      }
    } else if (done) {
      const reason = 'CompletionsReached';
      const message = 'Reached expected number of succeeded pods';
      conditions = setCondition(conditions, 'SuccessCriteriaMet', 'True', reason, message, now);
      if (terminating === 0) {
        conditions = setCondition(conditions, 'Complete', 'True', reason, message, now);
        completionTime = isoTime(now);
        event(job, 'Normal', 'Completed', 'Job completed');
      }
    }

    const status: Record<string, unknown> = {
      ...(active.length ? { active: active.length } : {}),
      ...(indexed ? { completedIndexes: formatIndexes(completed) } : {}),
      ...(completionTime ? { completionTime } : {}),
      ...(conditions.length ? { conditions } : {}),
      ...(failed ? { failed } : {}),
      ready: active.filter(isPodReady).length,
      ...(startTime ? { startTime } : {}),
      ...(succeeded ? { succeeded } : {}),
      terminating,
      uncountedTerminatedPods: {},
    };
    writeStatus(api, RESOURCE, job, status);
    if (isJobFinished({ ...job, status })) return finished({ ...job, status }, now) ?? (requeue !== undefined ? { requeueAfter: requeue } : undefined);
    return requeue !== undefined ? { requeueAfter: requeue } : undefined;
  }

  return {
    name: JOB_CONTROLLER,
    watches: [
      {
        resource: RESOURCE,
        keys: (e) => {
          if (e.type === 'DELETED') {
            memory.delete(e.object.metadata.uid!);
            return [];
          }
          return [keyOf(e.object)];
        },
      },
      {
        resource: 'pods',
        // Pod events are batched per Job, so a Job with thousands of Pods syncs once per
        // burst, not once per Pod change.
        coalesceMs: SYNC_JOB_BATCH_PERIOD_MS,
        keys: (e) => {
          const keys = ownerKeys(e, 'Job');
          if (e.type === 'DELETED' && keys.length) {
            const ref = e.object.metadata.ownerReferences!.find((r) => r.controller && r.kind === 'Job')!;
            const m = memory.get(ref.uid);
            const uid = e.object.metadata.uid!;
            if (m && !m.counted.has(uid) && !m.deletedByUs.has(uid)) {
              m.gone.set(uid, { phase: e.object.status?.phase ?? 'Failed', index: completionIndexOf(e.object) });
            }
          }
          return keys;
        },
      },
    ],
    initialKeys: () => api.list(RESOURCE).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const job = api.tryGet(RESOURCE, namespace, name);
      if (!job || job.metadata.deletionTimestamp) return;
      return sync(job);
    },
  };
}
