/**
 * The ReplicaSet controller (`replicaset-controller`, pkg/controller/replicaset): keeps
 * `spec.replicas` active Pods matching the selector, level-triggered. One reconcile:
 *   1. claim: matching orphans are adopted, controlled Pods that no longer match are released;
 *   2. manage (unless the ReplicaSet is being deleted): create the missing Pods from the
 *      template (`<rs>-<5 random>`, at most 500 per sync like burstReplicas) or delete the
 *      surplus, cheapest first (pod-ranking.ts), with SuccessfulCreate / SuccessfulDelete
 *      events;
 *   3. status: calculateStatus (status.ts) over the counts taken after claiming (before
 *      creating or deleting, as Kubernetes does), written only when it changed; when Pods are
 *      ready but not yet available (minReadySeconds), reconcile again when the first becomes so.
 * Counts come from a running tally (pod-tally.ts), so a reconcile does not walk every Pod:
 * with 10,000 Pods becoming ready one by one, that walk would make the whole O(n^2).
 *
 * Kubernetes guards against its informer cache lagging behind its own writes with
 * "expectations"; reads here are synchronous and always see our writes, so there are none. If
 * informer lag is ever simulated, they belong between steps 1 and 2.
 */
import type { KubeObject, WatchEvent } from '../../api/types.ts';
import { ApiError } from '../../api/errors.ts';
import { matches, selectorFromSpec, type LabelSelector } from '../../api/labels.ts';
import { clone } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { component, type Installer } from '../../installer.ts';
import { keyOf, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { controllerRefOf, newControllerRef } from '../shared/controller-ref.ts';
import { canonicalJson } from '../shared/pod-template-hash.ts';
import { dependentIndex } from '../shared/dependent-index.ts';
import { countAvailable, isPodActive, nextAvailableIn } from '../shared/pod-conditions.ts';
import { RequeueTracker } from '../shared/requeue.ts';
import { adoptObject, releaseObject } from './claim.ts';
import { PodTally } from './pod-tally.ts';
import { podsToDelete } from './pod-ranking.ts';
import { calculateStatus, type ManageReplicasError } from './status.ts';
import { MAX_CREATES_PER_SYNC, slowStartBatch } from '../shared/slow-start.ts';

export const REPLICASET_CONTROLLER = 'replicaset-controller';
const RS = 'replicasets.apps';
/** Most Pods created or deleted in one sync (ReplicaSetController.burstReplicas). */
export const BURST_REPLICAS = MAX_CREATES_PER_SYNC;

/** The Pod a ReplicaSet creates from its template (controller.GetPodFromTemplate). */
export function podFromTemplate(rs: KubeObject): KubeObject {
  const t = rs.spec?.template ?? {};
  const md: KubeObject['metadata'] = {
    generateName: `${rs.metadata.name}-`,
    namespace: rs.metadata.namespace,
    ownerReferences: [newControllerRef(rs)],
  };
  if (t.metadata?.labels) md.labels = clone(t.metadata.labels);
  if (t.metadata?.annotations) md.annotations = clone(t.metadata.annotations);
  if (t.metadata?.finalizers) md.finalizers = clone(t.metadata.finalizers);
  return { apiVersion: 'v1', kind: 'Pod', metadata: md, spec: clone(t.spec ?? {}) };
}

/** The cluster's shared Pod tally, created on first use. */
function podTally(cluster: Cluster): PodTally {
  let t = cluster.extensions.get('replicaset-pod-tally') as PodTally | undefined;
  if (!t) cluster.extensions.set('replicaset-pod-tally', (t = new PodTally(cluster)));
  return t;
}

/** Builds the controller for `cluster`. */
export function createReplicaSetController(cluster: Cluster): Controller {
  const { api, events } = cluster;
  const pods = dependentIndex(cluster, 'pods');
  const replicaSets = dependentIndex(cluster, RS);
  const tally = podTally(cluster);
  const requeues = new RequeueTracker();
  /** Consecutive failed syncs per ReplicaSet key, for the retry backoff. */
  const failures = new Map<string, number>();
  const source = { component: REPLICASET_CONTROLLER };

  /** Keys of the ReplicaSets an orphan Pod could be adopted by. */
  function matchingReplicaSets(pod: KubeObject): string[] {
    const ns = pod.metadata.namespace ?? '';
    const out: string[] = [];
    for (const rs of cluster.store.list(RS, ns)) {
      try {
        if (matches(selectorFromSpec(rs.spec?.selector), pod.metadata.labels)) out.push(keyOf(rs));
      } catch {
        // An invalid selector adopts nothing.
      }
    }
    return out;
  }

  function podKeys(e: WatchEvent): string[] {
    const ref = controllerRefOf(e.object);
    if (ref) return ref.kind === 'ReplicaSet' ? [`${e.object.metadata.namespace}/${ref.name}`] : [];
    if (e.type === 'DELETED' || e.object.metadata.deletionTimestamp) return [];
    return matchingReplicaSets(e.object);
  }

  /** Active Pods of every ReplicaSet controlled by the same owner (for the same-node rank). */
  function relatedActivePods(rs: KubeObject): KubeObject[] {
    const owner = controllerRefOf(rs);
    if (!owner) return [];
    const ns = rs.metadata.namespace ?? '';
    return replicaSets.controlledBy(ns, owner.uid).flatMap((r) => pods.controlledBy(ns, r.metadata.uid!).filter(isPodActive));
  }

  /** Creates `count` Pods in slow-start batches; the first refusal's message, if any. */
  function createPods(rs: KubeObject, count: number): ManageReplicasError | undefined {
    let error: ManageReplicasError | undefined;
    const createOne = (): boolean => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const created = api.create('pods', podFromTemplate(rs)).object;
          events.record(rs, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`, source);
          return true;
        } catch (err) {
          // A generated name already taken: draw another suffix, as a retried sync would.
          if (err instanceof ApiError && err.reason === 'AlreadyExists') continue;
          const message = err instanceof Error ? err.message : String(err);
          events.record(rs, 'Warning', 'FailedCreate', `Error creating: ${message}`, source);
          error ??= { message };
          return false;
        }
      }
      error ??= { message: 'could not generate a unique pod name' };
      return false;
    };
    slowStartBatch(count, createOne);
    return error;
  }

  function deletePods(rs: KubeObject, victims: readonly KubeObject[]): ManageReplicasError | undefined {
    for (const p of victims) {
      try {
        api.delete('pods', p.metadata.namespace, p.metadata.name!);
      } catch (err) {
        if (err instanceof ApiError && err.reason === 'NotFound') continue;
        const message = err instanceof Error ? err.message : String(err);
        events.record(rs, 'Warning', 'FailedDelete', `Error deleting: ${message}`, source);
        return { message };
      }
      events.record(rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`, source);
    }
    return undefined;
  }

  function claimedActivePods(rs: KubeObject, selector: LabelSelector): KubeObject[] {
    return pods.controlledBy(rs.metadata.namespace ?? '', rs.metadata.uid!).filter((p) => isPodActive(p) && matches(selector, p.metadata.labels));
  }

  function manageReplicas(rs: KubeObject, selector: LabelSelector, claimed: number): ManageReplicasError | undefined {
    const want = Number(rs.spec?.replicas ?? 1);
    const diff = claimed - want;
    if (diff < 0) return createPods(rs, Math.min(-diff, BURST_REPLICAS));
    if (diff > 0) {
      const victims = podsToDelete(claimedActivePods(rs, selector), relatedActivePods(rs), Math.min(diff, BURST_REPLICAS), cluster.now());
      return deletePods(rs, victims);
    }
    return undefined;
  }

  /** Releases controlled Pods that stopped matching and adopts matching orphans (ClaimPods). */
  function claim(rs: KubeObject, selector: LabelSelector): void {
    if (rs.metadata.deletionTimestamp) return;
    const ns = rs.metadata.namespace ?? '';
    if (tally.counts(rs).notMatching > 0) {
      for (const p of pods.controlledBy(ns, rs.metadata.uid!)) {
        if (isPodActive(p) && !matches(selector, p.metadata.labels)) releaseObject(api, 'pods', p, rs);
      }
    }
    for (const p of pods.orphansIn(ns)) {
      if (isPodActive(p) && matches(selector, p.metadata.labels)) adoptObject(api, 'pods', p, rs);
    }
  }

  function reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitKey(key);
    const rs = api.tryGet(RS, namespace, name);
    if (!rs) {
      failures.delete(key);
      return;
    }
    let selector: LabelSelector;
    try {
      selector = selectorFromSpec(rs.spec?.selector);
    } catch {
      return;
    }
    claim(rs, selector);
    const now = cluster.now();
    const minReady = Number(rs.spec?.minReadySeconds ?? 0);
    const c = tally.counts(rs);
    const readyTimes = minReady ? tally.readyTimes(rs) : [];
    const counts = {
      replicas: c.claimed,
      fullyLabeled: c.claimedFullyLabeled,
      ready: c.claimedReady,
      available: minReady ? countAvailable(readyTimes, minReady, now) : c.claimedReady,
    };
    const manageErr = rs.metadata.deletionTimestamp ? undefined : manageReplicas(rs, selector, c.claimed);

    const current = api.tryGet(RS, namespace, name);
    if (!current || current.metadata.uid !== rs.metadata.uid) return;
    const status = calculateStatus(current, counts, now, manageErr);
    if (canonicalJson(status) !== canonicalJson(current.status ?? {})) api.updateStatus(RS, namespace, name, status);

    // Failures retry with the workqueue's exponential backoff: 5 ms doubling up to 1000 s.
    const failed = manageErr ? (failures.get(key) ?? 0) + 1 : 0;
    if (failed) failures.set(key, failed);
    else failures.delete(key);
    const wait = manageErr ? Math.min(5 * 2 ** (failed - 1), 1_000_000) : nextAvailableIn(readyTimes, minReady, now);
    if (wait === undefined) return;
    const after = requeues.after(key, now, wait);
    return after === undefined ? undefined : { requeueAfter: after };
  }

  return {
    name: REPLICASET_CONTROLLER,
    watches: [
      { resource: RS, keys: (e) => [keyOf(e.object)] },
      // A burst of Pod changes (10,000 Pods turning ready in a rollout) is handled a batch per
      // 50 ms rather than one full sync per Pod, as a busy real controller drains its queue.
      { resource: 'pods', keys: podKeys, coalesceMs: 50 },
    ],
    reconcile,
    initialKeys: () => cluster.store.list(RS).map(keyOf),
  };
}

/** The ReplicaSet controller. */
export const REPLICASET_CONTROLLER_INSTALLER: Installer = component('replicaset-controller', (cluster) => cluster.addController(createReplicaSetController(cluster)));
