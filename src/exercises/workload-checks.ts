/**
 * Checks over workload controllers (Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs,
 * CronJobs) and the Pods they own. Like `checks.ts`, each reads cluster state through
 * the read-only client only and, on failure, says what is still missing in the words `kubectl get`
 * would show (READY 1/3, STATUS Pending...).
 */
import { matches, selectorFromSet, selectorFromSpec, type ClusterReader, type KubeObject, type ObjectOf } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';
import { imageMatches } from './checks.ts';
import { podDisplayStatus, podReadyCondition } from './pod-status.ts';

const NS = 'default';
const pass: CheckResult = { passed: true };
const fail = (detail: string): CheckResult => ({ passed: false, detail });

/** How kubectl names a workload resource in messages: `deployments.apps "web"`. */
const QUALIFIED: Record<string, string> = {
  deployments: 'deployment.apps',
  replicasets: 'replicaset.apps',
  statefulsets: 'statefulset.apps',
  daemonsets: 'daemonset.apps',
  jobs: 'job.batch',
  cronjobs: 'cronjob.batch',
};

/** The API server's key for a resource (`deployments` lives in group apps: `deployments.apps`). */
const KEY = {
  deployments: 'deployments.apps',
  replicasets: 'replicasets.apps',
  statefulsets: 'statefulsets.apps',
  daemonsets: 'daemonsets.apps',
  jobs: 'jobs.batch',
  cronjobs: 'cronjobs.batch',
} as const;

/** The key of a resource named as the checks name it: `deployments` is `deployments.apps`. */
type KeyOf<S extends string> = S extends keyof typeof KEY ? (typeof KEY)[S] : S;

/** The objects of a resource named as the checks name it (`deployments`: Deployment). */
type Of<S extends string> = ObjectOf<KeyOf<S>>;

/** The store key for `resource` (`pods`, `deployments` → `deployments.apps`). */
function key<S extends string>(resource: S): KeyOf<S> {
  return ((KEY as Record<string, string>)[resource] ?? resource) as KeyOf<S>;
}

function quoted(resource: string, name: string): string {
  return `${QUALIFIED[resource] ?? resource} "${name}"`;
}

/** Runs `test` on the object, or fails with `deployment.apps "web" does not exist`. */
function objectCheck<S extends string>(label: string, resource: S, name: string, test: (obj: Of<S>, cluster: ClusterReader) => CheckResult, namespace = NS): Check {
  return {
    label,
    run(cluster) {
      const obj = cluster.tryGet(key(resource), namespace, name) as Of<S> | undefined;
      if (!obj) return fail(`${quoted(resource, name)} does not exist${namespace === NS ? '' : ` in namespace "${namespace}"`}`);
      return test(obj, cluster);
    },
  };
}

function templateImages(podSpec: { containers?: { image?: string }[] } | undefined): string[] {
  return (podSpec?.containers ?? []).map((c) => c.image ?? '');
}

/** The object has a controller owner reference to an object of `kind` (with that uid, when given). */
export function controllerOf(obj: KubeObject): { kind: string; name: string; uid: string } | undefined {
  const refs = (obj.metadata.ownerReferences ?? []) as { kind: string; name: string; uid: string; controller?: boolean }[];
  return refs.find((r) => r.controller === true);
}

/** Objects of `resource` in `namespace` whose controller is `owner`. */
export function ownedBy<S extends string>(cluster: ClusterReader, resource: S, owner: KubeObject): Of<S>[] {
  const ns = owner.metadata.namespace ?? NS;
  return (cluster.list(key(resource), { namespace: ns }).items as Of<S>[]).filter((o) => controllerOf(o)?.uid === owner.metadata.uid);
}

/** Pods (not being deleted) that an object owns. */
function livePodsOf(cluster: ClusterReader, owner: KubeObject): Of<'pods'>[] {
  return ownedBy(cluster, 'pods', owner).filter((p) => !p.metadata.deletionTimestamp);
}

/** The object exists (any state). */
export function workloadExists(resource: string, name: string, namespace = NS): Check {
  const kind = QUALIFIED[resource]?.split('.')[0] ?? resource;
  return objectCheck(`${kind[0]!.toUpperCase()}${kind.slice(1)} ${name} exists`, resource, name, () => pass, namespace);
}

/** The object does not exist (it was deleted, or never made). */
export function workloadGone(resource: string, name: string, namespace = NS): Check {
  const kind = QUALIFIED[resource]?.split('.')[0] ?? resource;
  return {
    label: `${kind[0]!.toUpperCase()}${kind.slice(1)} ${name} no longer exists`,
    run(cluster) {
      return cluster.tryGet(key(resource), namespace, name) ? fail(`${quoted(resource, name)} still exists`) : pass;
    },
  };
}

/** Some container of the workload's Pod template (a CronJob's Job template included) runs `image`. */
export function templateRunsImage(resource: string, name: string, image: string, namespace = NS): Check {
  return objectCheck(`${name}'s Pod template runs ${image}`, resource, name, (obj) => {
    const images = templateImages(obj.spec?.template?.spec ?? obj.spec?.jobTemplate?.spec?.template?.spec);
    if (images.some((i) => imageMatches(i, image))) return pass;
    return fail(`the Pod template of ${quoted(resource, name)} runs ${images.join(', ') || 'no image'}, not ${image}`);
  }, namespace);
}

/**
 * A Deployment has `replicas` in its spec and that many available replicas, all up to date
 * (the rollout is finished).
 */
export function deploymentAvailable(name: string, replicas: number | undefined, namespace = NS): Check {
  const what = replicas === undefined ? 'all its replicas' : `${replicas} replicas`;
  return objectCheck(`Deployment ${name} has ${what} available`, 'deployments', name, (d) => {
    const want: number = d.spec?.replicas ?? 1;
    const st = d.status ?? {};
    if (replicas !== undefined && want !== replicas) return fail(`${quoted('deployments', name)} asks for ${want} replicas, not ${replicas}`);
    const available: number = st.availableReplicas ?? 0;
    const updated: number = st.updatedReplicas ?? 0;
    const total: number = st.replicas ?? 0;
    if (available >= want && updated === want && total === want && (st.observedGeneration ?? 0) >= (d.metadata.generation ?? 0)) return pass;
    return fail(`${quoted('deployments', name)} shows READY ${st.readyReplicas ?? 0}/${want}, UP-TO-DATE ${updated}, AVAILABLE ${available}`);
  }, namespace);
}

/**
 * A Deployment was rolled to `image` by a rolling update: the ReplicaSet running `image` has
 * all replicas available, and at least one older ReplicaSet of the same Deployment is kept,
 * scaled to 0 (so it was updated in place, not deleted and created again).
 */
export function rolledTo(name: string, image: string, namespace = NS): Check {
  return objectCheck(`Deployment ${name} was rolled to ${image}, old ReplicaSet kept at 0`, 'deployments', name, (d, cluster) => {
    const sets = ownedBy(cluster, 'replicasets', d);
    const runs = (rs: Of<'replicasets'>) => templateImages(rs.spec?.template?.spec).some((i) => imageMatches(i, image));
    const current = sets.filter(runs);
    const old = sets.filter((rs) => !runs(rs));
    if (current.length === 0) return fail(`no ReplicaSet of ${quoted('deployments', name)} runs ${image} yet`);
    const want: number = d.spec?.replicas ?? 1;
    const rs = current[0]!;
    const available: number = rs.status?.availableReplicas ?? 0;
    if ((rs.spec?.replicas ?? 0) !== want || available < want) {
      return fail(`ReplicaSet ${rs.metadata.name} (${image}) has ${available} of ${want} replicas available`);
    }
    if (old.length === 0) return fail(`${quoted('deployments', name)} has no older ReplicaSet: it was created anew rather than updated`);
    const busy = old.filter((o) => (o.spec?.replicas ?? 0) !== 0 || (o.status?.replicas ?? 0) !== 0);
    if (busy.length > 0) return fail(`old ReplicaSet ${busy[0]!.metadata.name} still has ${busy[0]!.status?.replicas ?? 0} Pods`);
    return pass;
  }, namespace);
}

/** A ReplicaSet wants `replicas` Pods and has that many ready, and its selector matches `labels`. */
export function replicaSetReady(name: string, replicas: number, labels: Record<string, string>, namespace = NS): Check {
  const text = Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',');
  return objectCheck(`ReplicaSet ${name} keeps ${replicas} ready Pods labelled ${text}`, 'replicasets', name, (rs) => {
    const sel = selectorFromSpec(rs.spec?.selector);
    if (!matches(sel, labels)) return fail(`the selector of ${quoted('replicasets', name)} does not select Pods labelled ${text}`);
    const want: number = rs.spec?.replicas ?? 1;
    const ready: number = rs.status?.readyReplicas ?? 0;
    if (want !== replicas) return fail(`${quoted('replicasets', name)} shows DESIRED ${want}, not ${replicas}`);
    if (ready < want) return fail(`${quoted('replicasets', name)} shows READY ${ready} of ${want}`);
    return pass;
  }, namespace);
}

/** Every Pod labelled `key=value` is controlled by a ReplicaSet (none is a bare Pod). */
export function podsAllControlled(key: string, value: string, minimum: number, namespace = NS): Check {
  return {
    label: `Every Pod labelled ${key}=${value} belongs to a ReplicaSet (at least ${minimum})`,
    run(cluster) {
      const pods = cluster.list('pods', { namespace }).items.filter((p) => p.metadata.labels?.[key] === value && !p.metadata.deletionTimestamp);
      const bare = pods.filter((p) => controllerOf(p)?.kind !== 'ReplicaSet').map((p) => p.metadata.name);
      if (bare.length > 0) return fail(`not owned by any ReplicaSet: ${bare.join(', ')}`);
      if (pods.length < minimum) return fail(`${pods.length} Pods labelled ${key}=${value}, not ${minimum}`);
      return pass;
    },
  };
}

/** At least `count` Pods labelled `key=value` are Running and ready. */
export function podsRunning(key: string, value: string, count: number, namespace = NS): Check {
  return {
    label: `${count} Pods labelled ${key}=${value} are Running and ready`,
    run(cluster) {
      const pods = cluster.list('pods', { namespace }).items.filter((p) => p.metadata.labels?.[key] === value);
      const up = pods.filter((p) => podDisplayStatus(p) === 'Running' && podReadyCondition(p));
      if (up.length >= count) return pass;
      const others = pods.filter((p) => !up.includes(p)).map((p) => `${p.metadata.name} is ${podDisplayStatus(p)}`);
      return fail(`${up.length} of ${count} running${others.length ? ` (${others.join(', ')})` : ''}`);
    },
  };
}

/** A ReplicaSet whose Pods carry `labels` (its template's labels include them) exists and has no controller owner. */
export function orphanReplicaSet(labels: Record<string, string>, namespace = NS): Check {
  const text = Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',');
  return {
    label: `A ReplicaSet for ${text} is still there, with no owner`,
    run(cluster) {
      const wanted = selectorFromSet(labels);
      const sets = cluster.list(key('replicasets'), { namespace }).items.filter((rs) => matches(wanted, rs.spec?.template?.metadata?.labels));
      if (sets.length === 0) return fail(`no ReplicaSet makes Pods labelled ${text}`);
      const owned = sets.filter((rs) => controllerOf(rs));
      if (owned.length === sets.length) {
        const o = controllerOf(owned[0]!)!;
        return fail(`ReplicaSet ${owned[0]!.metadata.name} is still owned by ${o.kind}/${o.name}`);
      }
      return pass;
    },
  };
}

/**
 * A StatefulSet has `replicas` Pods NAME-0..N-1, each Running and ready, and every
 * PersistentVolumeClaim those Pods use is Bound.
 */
export function statefulSetWithClaims(name: string, replicas: number, namespace = NS): Check {
  return objectCheck(`StatefulSet ${name}: ${replicas} Pods Running, each with a Bound claim`, 'statefulsets', name, (sts, cluster) => {
    if ((sts.spec?.replicas ?? 1) !== replicas) return fail(`${quoted('statefulsets', name)} asks for ${sts.spec?.replicas ?? 1} replicas, not ${replicas}`);
    if (!(sts.spec?.volumeClaimTemplates ?? []).length) return fail(`${quoted('statefulsets', name)} has no volumeClaimTemplates`);
    for (let i = 0; i < replicas; i++) {
      const podName = `${name}-${i}`;
      const pod = cluster.tryGet('pods', namespace, podName);
      if (!pod) return fail(`pod "${podName}" does not exist yet`);
      const status = podDisplayStatus(pod);
      if (status !== 'Running' || !podReadyCondition(pod)) return fail(`pod "${podName}" is ${status}${status === 'Running' ? ' but not ready' : ''}`);
      const claims = (pod.spec?.volumes ?? [])
        .map((v) => v.persistentVolumeClaim?.claimName)
        .filter((c): c is string => !!c);
      if (claims.length === 0) return fail(`pod "${podName}" uses no PersistentVolumeClaim`);
      for (const claim of claims) {
        const pvc = cluster.tryGet('persistentvolumeclaims', namespace, claim);
        const phase: string = pvc?.status?.phase ?? 'missing';
        if (phase !== 'Bound') return fail(`persistentvolumeclaim "${claim}" is ${phase}, not Bound`);
      }
    }
    return pass;
  }, namespace);
}

/** Every node (or every node without `node-role.kubernetes.io/control-plane`) runs a ready Pod of the DaemonSet. */
export function daemonSetOnEveryNode(name: string, includeControlPlane: boolean, namespace = NS): Check {
  const where = includeControlPlane ? 'every node' : 'every worker node';
  return objectCheck(`DaemonSet ${name} has a ready Pod on ${where}`, 'daemonsets', name, (ds, cluster) => {
    const nodes = cluster
      .list('nodes')
      .items
      .filter((n) => includeControlPlane || !('node-role.kubernetes.io/control-plane' in (n.metadata.labels ?? {})));
    const pods = livePodsOf(cluster, ds);
    const missing = nodes
      .map((n) => n.metadata.name)
      .filter((node) => !pods.some((p) => p.spec?.nodeName === node && podDisplayStatus(p) === 'Running' && podReadyCondition(p)));
    return missing.length === 0 ? pass : fail(`no ready Pod of ${quoted('daemonsets', name)} on ${missing.join(', ')}`);
  }, namespace);
}

/** A Job completed (condition Complete) with `completions` successes and the given parallelism. */
export function jobCompleted(name: string, completions: number, parallelism: number | undefined, namespace = NS): Check {
  const par = parallelism === undefined ? '' : `, ${parallelism} at a time`;
  return objectCheck(`Job ${name} completed ${completions} time${completions === 1 ? '' : 's'}${par}`, 'jobs', name, (job) => {
    const spec = job.spec ?? { template: {} };
    if ((spec.completions ?? 1) !== completions) return fail(`${quoted('jobs', name)} has completions ${spec.completions ?? 1}, not ${completions}`);
    if (parallelism !== undefined && (spec.parallelism ?? 1) !== parallelism) {
      return fail(`${quoted('jobs', name)} has parallelism ${spec.parallelism ?? 1}, not ${parallelism}`);
    }
    const conditions = job.status?.conditions ?? [];
    if (conditions.some((c) => c.type === 'Failed' && c.status === 'True')) return fail(`${quoted('jobs', name)} has failed`);
    const done = conditions.some((c) => c.type === 'Complete' && c.status === 'True');
    const succeeded: number = job.status?.succeeded ?? 0;
    return done && succeeded >= completions ? pass : fail(`${quoted('jobs', name)} shows COMPLETIONS ${succeeded}/${completions}`);
  }, namespace);
}

/** A CronJob has created at least one Job, and one of its Jobs has completed. */
export function cronJobFired(name: string, namespace = NS): Check {
  return objectCheck(`CronJob ${name} has run at least once, successfully`, 'cronjobs', name, (cj, cluster) => {
    if (!cj.status?.lastScheduleTime) return fail(`${quoted('cronjobs', name)} has not been scheduled yet (LAST SCHEDULE <none>)`);
    const jobs = ownedBy(cluster, 'jobs', cj);
    const done = jobs.some((j) => (j.status?.conditions ?? []).some((c) => c.type === 'Complete' && c.status === 'True'));
    return done ? pass : fail(`no Job of ${quoted('cronjobs', name)} has completed yet`);
  }, namespace);
}

/** The node carries the taint `key:effect`. */
export function nodeHasTaint(node: string, key: string, effect: string): Check {
  return {
    label: `Node ${node} keeps its taint ${key}:${effect}`,
    run(cluster) {
      const n = cluster.tryGet('nodes', undefined, node);
      if (!n) return fail(`node "${node}" does not exist`);
      const taints = n.spec?.taints ?? [];
      return taints.some((t) => t.key === key && t.effect === effect) ? pass : fail(`node "${node}" no longer has the taint ${key}:${effect}`);
    },
  };
}

/** At least `count` objects of `resource` exist in `namespace` and pass `ok`. */
export function someWorkload<S extends string>(label: string, resource: S, ok: (obj: Of<S>, cluster: ClusterReader) => boolean, missing: string, namespace = NS): Check {
  return {
    label,
    run(cluster) {
      return (cluster.list(key(resource), { namespace }).items as Of<S>[]).some((o) => ok(o, cluster)) ? pass : fail(missing);
    },
  };
}
