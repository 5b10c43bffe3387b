/**
 * The CronJob controller (pkg/controller/cronjob, v2): tracks its Jobs in status.active,
 * notices finished ones (SawCompletedJob, lastSuccessfulTime), starts the most recent due
 * activation honouring suspend, startingDeadlineSeconds and concurrencyPolicy, trims finished
 * Jobs to the history limits, and requeues itself just after the next activation on the
 * cluster clock, so simulated and real time both drive it.
 */
import type { Cluster } from '../../cluster.ts';
import { ApiError } from '../../api/errors.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { keyOf, ownerKeys, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { parseSchedule, nextTime } from '../../api/cron/schedule.ts';
import { formatRFC1123Z } from '../../api/cron/timezone.ts';
import { finishedCondition, isJobFinished } from '../job/job-status.ts';
import { ownedBy, writeStatus } from '../statefulset/pods.ts';
import { jobForSchedule, scheduledJobName } from './job-from-cronjob.ts';
import { earliestTime, mostRecentScheduleTime } from './schedule-times.ts';

export const CRONJOB_CONTROLLER = 'cronjob-controller';
const RESOURCE = 'cronjobs.batch';
/** The real controller wakes 100 ms after an activation. */
const NEXT_SCHEDULE_DELTA_MS = 100;

interface JobRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  resourceVersion?: string;
  uid: string;
}

function refTo(job: KubeObject): JobRef {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: job.metadata.name!,
    namespace: job.metadata.namespace,
    resourceVersion: job.metadata.resourceVersion,
    uid: job.metadata.uid!,
  };
}

function startTimeOf(j: KubeObject): number | undefined {
  return j.status?.startTime ? Date.parse(j.status.startTime) : undefined;
}

/** Oldest first by start time (unstarted last), then by name, as byJobStartTime sorts. */
function byStartTime(a: KubeObject, b: KubeObject): number {
  const sa = startTimeOf(a);
  const sb = startTimeOf(b);
  if (sa === undefined && sb !== undefined) return 1;
  if (sa !== undefined && sb === undefined) return -1;
  if (sa !== undefined && sb !== undefined && sa !== sb) return sa - sb;
  return a.metadata.name!.localeCompare(b.metadata.name!);
}

/** The controller. */
export function cronJobController(cluster: Cluster): Controller {
  const { api } = cluster;
  const event = (cj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) =>
    cluster.events.record(cj, type, reason, message, { component: CRONJOB_CONTROLLER });

  function deleteJob(cj: KubeObject, job: KubeObject): boolean {
    try {
      api.delete('jobs.batch', job.metadata.namespace, job.metadata.name!, { propagationPolicy: 'Background' });
      event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`);
      return true;
    } catch {
      return false;
    }
  }

  function sync(cj: KubeObject): ReconcileResult | void {
    const now = cluster.now();
    const spec = cj.spec ?? {};
    const zone: string = spec.timeZone ?? 'UTC';
    let jobs = ownedBy(cluster, 'jobs.batch', cj);
    let active: JobRef[] = [...((cj.status?.active ?? []) as JobRef[])];
    let lastSuccessfulTime: string | undefined = cj.status?.lastSuccessfulTime;
    let lastScheduleTime: string | undefined = cj.status?.lastScheduleTime;

    const children = new Set<string>();
    for (const j of jobs) {
      children.add(j.metadata.uid!);
      const found = active.some((a) => a.uid === j.metadata.uid);
      const fin = isJobFinished(j);
      if (!found && !fin) {
        event(cj, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`);
      } else if (found && fin) {
        active = active.filter((a) => a.uid !== j.metadata.uid);
        event(cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, condition: ${finishedCondition(j)!.type}`);
      } else if (fin && j.status?.completionTime) {
        if (!lastSuccessfulTime || Date.parse(j.status.completionTime) > Date.parse(lastSuccessfulTime)) lastSuccessfulTime = j.status.completionTime;
      }
    }
    for (const a of [...active]) {
      if (children.has(a.uid)) continue;
      event(cj, 'Normal', 'MissingJob', `Active job went missing: ${a.name}`);
      active = active.filter((x) => x.uid !== a.uid);
    }

    let requeue: number | undefined;
    const run = (): void => {
      if (cj.metadata.deletionTimestamp) return;
      let sched;
      try {
        sched = parseSchedule(spec.schedule ?? '');
      } catch (e) {
        event(cj, 'Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(spec.schedule)} : ${(e as Error).message}`);
        return;
      }
      if (spec.suspend) return;
      const creation = Date.parse(cj.metadata.creationTimestamp ?? '') || now;
      const last = lastScheduleTime ? Date.parse(lastScheduleTime) : undefined;
      const mr = mostRecentScheduleTime(sched, zone, earliestTime(creation, last, spec.startingDeadlineSeconds, now), now);
      const next = nextTime(sched, Math.max(now, mr.scheduled ?? 0), zone);
      if (next !== undefined) requeue = next + NEXT_SCHEDULE_DELTA_MS - now;
      if (mr.tooMany) {
        event(cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
      }
      if (mr.scheduled === undefined) return;
      const scheduled = mr.scheduled;
      const sds = spec.startingDeadlineSeconds;
      if (sds !== undefined && sds !== null && scheduled + sds * 1000 < now) {
        event(cj, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${formatRFC1123Z(scheduled)}`);
        return;
      }
      const name = scheduledJobName(cj.metadata.name!, scheduled);
      if (active.some((a) => a.name === name) || (last !== undefined && last >= scheduled)) return;
      if (spec.concurrencyPolicy === 'Forbid' && active.length > 0) {
        event(cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
        return;
      }
      if (spec.concurrencyPolicy === 'Replace') {
        for (const a of [...active]) {
          const j = api.tryGet('jobs.batch', a.namespace, a.name);
          if (j && !deleteJob(cj, j)) return;
          active = active.filter((x) => x.uid !== a.uid);
        }
      }
      let created: KubeObject;
      try {
        created = api.create('jobs.batch', jobForSchedule(cj, scheduled)).object;
      } catch (e) {
        if (e instanceof ApiError && e.reason === 'AlreadyExists') return;
        event(cj, 'Warning', 'FailedCreate', `Error creating job: ${(e as Error).message}`);
        return;
      }
      event(cj, 'Normal', 'SuccessfulCreate', `Created job ${created.metadata.name}`);
      active.push(refTo(created));
      lastScheduleTime = isoTime(scheduled);
    };
    run();

    // History limits: finished Jobs beyond the limits go, oldest first.
    jobs = ownedBy(cluster, 'jobs.batch', cj);
    const trim = (list: KubeObject[], limit: number | undefined) => {
      if (limit === undefined || limit === null) return;
      const sorted = [...list].sort(byStartTime);
      for (const j of sorted.slice(0, Math.max(0, sorted.length - limit))) {
        if (deleteJob(cj, j)) active = active.filter((a) => a.uid !== j.metadata.uid);
      }
    };
    const finished = jobs.filter((j) => isJobFinished(j) && !j.metadata.deletionTimestamp);
    trim(finished.filter((j) => finishedCondition(j)!.type === 'Complete'), spec.successfulJobsHistoryLimit);
    trim(finished.filter((j) => finishedCondition(j)!.type === 'Failed'), spec.failedJobsHistoryLimit);

    const status: Record<string, unknown> = {
      ...(active.length ? { active } : {}),
      ...(lastScheduleTime ? { lastScheduleTime } : {}),
      ...(lastSuccessfulTime ? { lastSuccessfulTime } : {}),
    };
    const fresh = api.tryGet(RESOURCE, cj.metadata.namespace, cj.metadata.name!);
    if (fresh) writeStatus(api, RESOURCE, fresh, status);
    return requeue !== undefined ? { requeueAfter: Math.max(0, requeue) } : undefined;
  }

  return {
    name: CRONJOB_CONTROLLER,
    watches: [
      { resource: RESOURCE, keys: (e) => (e.type === 'DELETED' ? [] : [keyOf(e.object)]) },
      { resource: 'jobs.batch', keys: (e) => ownerKeys(e, 'CronJob') },
    ],
    initialKeys: () => api.list(RESOURCE).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const cj = api.tryGet(RESOURCE, namespace, name);
      if (!cj) return;
      return sync(cj);
    },
  };
}
