/**
 * The Deployment controller (`deployment-controller`, pkg/controller/deployment). One
 * reconcile of a Deployment (syncDeployment):
 *   - claim its ReplicaSets (adopt matching orphans, release ones whose labels left);
 *   - being deleted: refresh status only;
 *   - paused: record the paused condition and only scale (sync.ts);
 *   - spec.replicas changed: only scale (sync.ts), proportionally during a rollout;
 *   - otherwise take one step of its strategy (rolling-update.ts or recreate.ts).
 * It watches Deployments, the ReplicaSets they control, and Pod deletions (Recreate waits for
 * old Pods to be gone). Like the ReplicaSet controller it needs no "expectations": reads are
 * synchronous and see every write.
 */
import type { KubeObject, WatchEvent } from '../../api/types.ts';
import { clone } from '../../api/types.ts';
import { matches, isEverything, selectorFromSpec, type LabelSelector } from '../../api/labels.ts';
import type { Cluster } from '../../cluster.ts';
import { component, type Installer } from '../../installer.ts';
import { keyOf, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { claimObjects } from '../replicaset/claim.ts';
import { controllerRefOf } from '../shared/controller-ref.ts';
import { dependentIndex } from '../shared/dependent-index.ts';
import { RequeueTracker } from '../shared/requeue.ts';
import { DEPLOYMENT_CONTROLLER, DEPLOYMENTS, REPLICASETS, type DeploymentContext, writeDeploymentStatus } from './context.ts';
import { rolloutRecreate } from './recreate.ts';
import { rolloutRolling } from './rolling-update.ts';
import { checkPausedConditions, isScalingEvent, sync, syncStatusOnly } from './sync.ts';

/** Builds the controller for `cluster`. */
export function createDeploymentController(cluster: Cluster): Controller {
  const { api, events, store } = cluster;
  const replicaSets = dependentIndex(cluster, REPLICASETS);
  const pods = dependentIndex(cluster, 'pods');
  const requeues = new RequeueTracker();

  function deploymentsMatching(obj: KubeObject): string[] {
    const out: string[] = [];
    for (const d of store.list(DEPLOYMENTS, obj.metadata.namespace ?? '')) {
      try {
        const sel = selectorFromSpec(d.spec?.selector);
        if (!isEverything(sel) && matches(sel, obj.metadata.labels)) out.push(keyOf(d));
      } catch {
        // An invalid selector adopts nothing.
      }
    }
    return out;
  }

  function replicaSetKeys(e: WatchEvent): string[] {
    const ref = controllerRefOf(e.object);
    if (ref) return ref.kind === 'Deployment' ? [`${e.object.metadata.namespace}/${ref.name}`] : [];
    if (e.type === 'DELETED' || e.object.metadata.deletionTimestamp) return [];
    return deploymentsMatching(e.object);
  }

  /** A deleted Pod may unblock a Recreate rollout waiting for old Pods to go. */
  function podKeys(e: WatchEvent): string[] {
    if (e.type !== 'DELETED') return [];
    const ref = controllerRefOf(e.object);
    if (!ref || ref.kind !== 'ReplicaSet') return [];
    const ns = e.object.metadata.namespace ?? '';
    const rs = store.get(REPLICASETS, ns, ref.name);
    const dref = rs && controllerRefOf(rs);
    if (!dref || dref.kind !== 'Deployment') return [];
    const d = store.get(DEPLOYMENTS, ns, dref.name);
    return d?.spec?.strategy?.type === 'Recreate' ? [`${ns}/${dref.name}`] : [];
  }

  function syncDeployment(ctx: DeploymentContext, selector: LabelSelector): void {
    const d = ctx.d;
    if (isEverything(selector)) {
      events.record(d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.', { component: DEPLOYMENT_CONTROLLER });
      if (Number(d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
        (d.status ??= {}).observedGeneration = d.metadata.generation;
        writeDeploymentStatus(ctx);
      }
      return;
    }
    if (d.metadata.deletionTimestamp) return syncStatusOnly(ctx);
    checkPausedConditions(ctx);
    if (ctx.d.spec?.paused) return sync(ctx);
    if (isScalingEvent(ctx)) return sync(ctx);
    if (ctx.d.spec?.strategy?.type === 'Recreate') return rolloutRecreate(ctx);
    return rolloutRolling(ctx);
  }

  function reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitKey(key);
    const stored = api.tryGet(DEPLOYMENTS, namespace, name);
    if (!stored) return;
    let selector: LabelSelector;
    try {
      selector = selectorFromSpec(stored.spec?.selector);
    } catch {
      return;
    }
    const ns = stored.metadata.namespace ?? '';
    const controlled = replicaSets.controlledBy(ns, stored.metadata.uid!);
    const orphans = isEverything(selector) ? [] : replicaSets.orphansIn(ns);
    const rsList = claimObjects(api, REPLICASETS, stored, selector, controlled, orphans);
    const now = cluster.now();
    const ctx: DeploymentContext = {
      api,
      events,
      now,
      d: clone(stored),
      rsList,
      podsOf: (rs) => pods.controlledBy(ns, rs.metadata.uid!),
    };
    syncDeployment(ctx, selector);
    if (ctx.requeueAfter === undefined) return;
    const after = requeues.after(key, now, ctx.requeueAfter);
    return after === undefined ? undefined : { requeueAfter: after };
  }

  return {
    name: DEPLOYMENT_CONTROLLER,
    watches: [
      { resource: DEPLOYMENTS, keys: (e) => (e.type === 'DELETED' ? [] : [keyOf(e.object)]) },
      { resource: REPLICASETS, keys: replicaSetKeys },
      { resource: 'pods', keys: podKeys },
    ],
    reconcile,
    initialKeys: () => store.list(DEPLOYMENTS).map(keyOf),
  };
}

/** The Deployment controller. */
export const DEPLOYMENT_CONTROLLER_INSTALLER: Installer = component('deployment-controller', (cluster) => cluster.addController(createDeploymentController(cluster)));
