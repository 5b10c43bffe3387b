/**
 * Checks that state an outcome over time or over a whole set of objects: a Pod that stays up,
 * every Pod of a controller running one image, a DaemonSet reading the node's logs, a Job that
 * ran to completion, a CronJob that fires every night. Like the other checks they read
 * cluster state only.
 */
import type { ClusterReader, KubeObject } from '../sim/index.ts';
import { parseSchedule } from '../sim/on-demand.ts';
import type { Check, CheckResult } from './exercise.ts';
import { imageMatches } from './checks.ts';
import { podDisplayStatus, podReadyCount, podRestarts } from './pod-status.ts';
import { controllerOf, ownedBy } from './workload-checks.ts';

const NS = 'default';
const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });
const s = (n: number): string => (n === 1 ? '' : 's');

/**
 * The Pod is Running, all its containers ready, none restarted, and it has been so for at
 * least `seconds` (its latest container start is that old): a crash that comes back after a
 * few seconds does not pass.
 */
export function podStaysUp(name: string, seconds: number, label: string, namespace = NS): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const pod = cluster.tryGet('pods', namespace, name);
      if (!pod) return fail(`pod "${name}" does not exist`);
      const status = podDisplayStatus(pod);
      if (status !== 'Running') return fail(`pod "${name}" shows STATUS ${status}: its logs and events say why`);
      const [ready, total] = podReadyCount(pod);
      if (ready !== total) return fail(`pod "${name}" shows READY ${ready}/${total}`);
      const restarts = podRestarts(pod);
      if (restarts > 0) return fail(`pod "${name}" has restarted ${restarts} time${s(restarts)}`);
      const starts = ((pod.status?.containerStatuses ?? []) as { state?: { running?: { startedAt?: string } } }[]).map((c) =>
        Date.parse(c.state?.running?.startedAt ?? ''),
      );
      const latest = Math.max(...starts);
      const up = Math.floor((cluster.now() - latest) / 1000);
      if (!Number.isFinite(latest) || up < seconds) return fail(`pod "${name}" has been up for ${Number.isFinite(up) ? up : 0}s; wait until it has run ${seconds}s`);
      return pass;
    },
  };
}

/**
 * The ReplicaSet (or Deployment, through its ReplicaSets) owns exactly `count` live Pods, every
 * one of them Running, ready and running `image`.
 */
export function ownedPodsRun(resource: 'replicasets' | 'deployments', name: string, count: number, image: string, label: string, namespace = NS): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const key = `${resource}.apps`;
      const owner = cluster.tryGet(key, namespace, name);
      if (!owner) return fail(`${resource.slice(0, -1)}.apps "${name}" does not exist`);
      const sets = resource === 'deployments' ? ownedBy(cluster, 'replicasets', owner) : [owner];
      const pods = sets.flatMap((rs) => ownedBy(cluster, 'pods', rs)).filter((p) => !p.metadata.deletionTimestamp);
      const images = (p: KubeObject) => ((p.spec?.containers ?? []) as { image?: string }[]).map((c) => c.image ?? '');
      const other = pods.find((p) => !images(p).some((i) => imageMatches(i, image)));
      if (other) return fail(`pod "${other.metadata.name}" of ${name} runs ${images(other).join(', ')}, not ${image}`);
      const notUp = pods.find((p) => podDisplayStatus(p) !== 'Running' || podReadyCount(p)[0] !== podReadyCount(p)[1]);
      if (notUp) return fail(`pod "${notUp.metadata.name}" of ${name} shows STATUS ${podDisplayStatus(notUp)}, READY ${podReadyCount(notUp).join('/')}`);
      if (pods.length !== count) return fail(`${name} has ${pods.length} Pod${s(pods.length)}, not ${count}`);
      return pass;
    },
  };
}

/**
 * The DaemonSet's Pod template mounts the node's directory `path` (a hostPath volume) into a
 * container; with `readOnly`, every such mount is read-only.
 */
export function daemonSetMountsHostPath(name: string, path: string, label: string, opts: { readOnly?: boolean } = {}, namespace = NS): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const ds = cluster.tryGet('daemonsets.apps', namespace, name);
      if (!ds) return fail(`daemonset.apps "${name}" does not exist`);
      const spec = ds.spec?.template?.spec;
      const norm = (p: string) => p.replace(/\/+$/, '') || '/';
      const volumes = (spec?.volumes ?? []).filter((v) => norm(v.hostPath?.path ?? '') === norm(path));
      if (volumes.length === 0) return fail(`no volume of ${name}'s Pods is the node's ${path} (a hostPath volume)`);
      const mounts = (spec?.containers ?? []).flatMap((c) =>
        (c.volumeMounts ?? []).filter((m) => volumes.some((v) => v.name === m.name)),
      );
      if (mounts.length === 0) return fail(`the hostPath volume for ${path} is not mounted into any container`);
      if (opts.readOnly && mounts.some((m) => m.readOnly !== true)) return fail(`the node's ${path} is mounted writable`);
      return pass;
    },
  };
}

/** Some Job created by the CronJob (on schedule or by `kubectl create job --from=cronjob/NAME`) has completed. */
export function cronJobRunCompleted(name: string, label: string, namespace = NS): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const cj = cluster.tryGet('cronjobs.batch', namespace, name);
      if (!cj) return fail(`cronjob.batch "${name}" does not exist`);
      const jobs = cluster.list('jobs.batch', { namespace }).items.filter((j) => controllerOf(j)?.uid === cj.metadata.uid || j.metadata.ownerReferences?.some((r) => r.uid === cj.metadata.uid));
      const done = jobs.some((j) => ((j.status?.conditions ?? []) as { type?: string; status?: string }[]).some((c) => c.type === 'Complete' && c.status === 'True'));
      if (done) return pass;
      return fail(jobs.length === 0 ? `cronjob "${name}" has not run yet` : `no run of cronjob "${name}" has completed yet`);
    },
  };
}

/** The CronJob fires once a day at `hour`:`minute` UTC (any spelling: `0 2 * * *`, `00 02 * * *`). */
export function cronJobDailyAt(name: string, hour: number, minute: number, label: string, namespace = NS): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const cj = cluster.tryGet('cronjobs.batch', namespace, name);
      if (!cj) return fail(`cronjob.batch "${name}" does not exist`);
      const schedule = String(cj.spec?.schedule ?? '');
      const zone = cj.spec?.timeZone as string | undefined;
      if (zone !== undefined && zone !== 'UTC' && zone !== 'Etc/UTC') return fail(`its timeZone is ${zone}, not UTC`);
      let sched;
      try {
        sched = parseSchedule(schedule);
      } catch {
        return fail(`its schedule "${schedule}" is not a cron schedule`);
      }
      const only = (set: Set<number>, v: number) => set.size === 1 && set.has(v);
      const daily = sched.domStar && sched.dowStar && sched.months.size === 12;
      if (only(sched.minutes, minute) && only(sched.hours, hour) && daily) return pass;
      return fail(`its schedule "${schedule}" does not fire exactly once a day at ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
    },
  };
}
