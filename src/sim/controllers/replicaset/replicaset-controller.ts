/**
 * The ReplicaSet controller (`replicaset-controller`, pkg/controller/replicaset): keeps
 * `spec.replicas` active Pods matching the selector, level-triggered. One reconcile:
 *   1. claim: active Pods it controls (from the owner index) that still match, plus matching
 *      orphans it adopts; controlled Pods that no longer match are released;
 *   2. manage (unless the ReplicaSet is being deleted): create the missing Pods from the
 *      template (`<rs>-<5 random>`, at most 500 per sync like burstReplicas) or delete the
 *      surplus, cheapest first (pod-ranking.ts), with SuccessfulCreate / SuccessfulDelete
 *      events;
 *   3. status: calculateStatus (status.ts), written only when it changed; when Pods are ready
 *      but not yet available (minReadySeconds), reconcile again when the first becomes so.
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
import { registerComponent } from '../../components.ts';
import { keyOf, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { controllerRefOf, newControllerRef } from '../shared/controller-ref.ts';
import { canonicalJson } from '../shared/pod-template-hash.ts';
import { dependentIndex } from '../shared/dependent-index.ts';
import { isPodActive, nextAvailableIn } from '../shared/pod-conditions.ts';
import { RequeueTracker } from '../shared/requeue.ts';
import { claimObjects } from './claim.ts';
import { podsToDelete } from './pod-ranking.ts';
import { calculateStatus, type ManageReplicasError } from './status.ts';

export const REPLICASET_CONTROLLER = 'replicaset-controller';
const RS = 'replicasets.apps';
/** Most Pods created or deleted in one sync (ReplicaSetController.burstReplicas). */
export const BURST_REPLICAS = 500;

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

/** Builds the controller for `cluster`. */
export function createReplicaSetController(cluster: Cluster): Controller {
  const { api, events } = cluster;
  const pods = dependentIndex(cluster, 'pods');
  const replicaSets = dependentIndex(cluster, RS);
  const requeues = new RequeueTracker();
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

  function createPods(rs: KubeObject, count: number): ManageReplicasError | undefined {
    for (let i = 0; i < count; i++) {
      let created: KubeObject | undefined;
      for (let attempt = 0; attempt < 3 && !created; attempt++) {
        try {
          created = api.create('pods', podFromTemplate(rs)).object;
        } catch (err) {
          // A generated name already taken: draw another suffix, as a retried sync would.
          if (err instanceof ApiError && err.reason === 'AlreadyExists') continue;
          const message = err instanceof Error ? err.message : String(err);
          events.record(rs, 'Warning', 'FailedCreate', `Error creating: ${message}`, source);
          return { message };
        }
      }
      if (!created) return { message: 'could not generate a unique pod name' };
      events.record(rs, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`, source);
    }
    return undefined;
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

  function manageReplicas(rs: KubeObject, active: KubeObject[]): ManageReplicasError | undefined {
    const want = Number(rs.spec?.replicas ?? 1);
    const diff = active.length - want;
    if (diff < 0) return createPods(rs, Math.min(-diff, BURST_REPLICAS));
    if (diff > 0) {
      const victims = podsToDelete(active, relatedActivePods(rs), Math.min(diff, BURST_REPLICAS), cluster.now());
      return deletePods(rs, victims);
    }
    return undefined;
  }

  function reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitKey(key);
    const rs = api.tryGet(RS, namespace, name);
    if (!rs) return;
    let selector: LabelSelector;
    try {
      selector = selectorFromSpec(rs.spec?.selector);
    } catch {
      return;
    }
    const ns = rs.metadata.namespace ?? '';
    const controlled = pods.controlledBy(ns, rs.metadata.uid!).filter(isPodActive);
    const orphans = pods.orphansIn(ns).filter(isPodActive);
    const active = claimObjects(api, 'pods', rs, selector, controlled, orphans);
    const manageErr = rs.metadata.deletionTimestamp ? undefined : manageReplicas(rs, active);

    const now = cluster.now();
    const current = api.tryGet(RS, namespace, name);
    if (!current || current.metadata.uid !== rs.metadata.uid) return;
    const status = calculateStatus(current, active, now, manageErr);
    if (canonicalJson(status) !== canonicalJson(current.status ?? {})) api.updateStatus(RS, namespace, name, status);

    const minReady = Number(rs.spec?.minReadySeconds ?? 0);
    const wait = manageErr ? 1000 : nextAvailableIn(active, minReady, now);
    if (wait === undefined) return;
    const after = requeues.after(key, now, wait);
    return after === undefined ? undefined : { requeueAfter: after };
  }

  return {
    name: REPLICASET_CONTROLLER,
    watches: [
      { resource: RS, keys: (e) => [keyOf(e.object)] },
      { resource: 'pods', keys: podKeys },
    ],
    reconcile,
    initialKeys: () => cluster.store.list(RS).map(keyOf),
  };
}

registerComponent((cluster) => cluster.addController(createReplicaSetController(cluster)));
