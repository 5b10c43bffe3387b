/**
 * The DaemonSet controller (pkg/controller/daemon): one pod per eligible node, pinned to it
 * by required node affinity and left to the scheduler to bind; pods leave nodes that stop
 * qualifying or disappear; RollingUpdate replaces out-of-date pods within maxUnavailable
 * (OnDelete waits for the user); ControllerRevision history and status.
 */
import type { Cluster } from '../../cluster.ts';
import { clone, type KubeObject } from '../../api/types.ts';
import { TEMPLATE_GENERATION_ANNOTATION } from '../../apiserver/kinds/daemonset.ts';
import { keyOf, ownerKeys, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { controllerRef, isPodAvailable, isPodReady, msUntilAvailable, ownedBy, writeStatus } from '../statefulset/pods.ts';
import { syncRevisions, truncateHistory } from '../statefulset/revision.ts';
import { nodeShape, Shapes } from './shapes.ts';
import { pinToNode, podNode, shouldRunOn, withDaemonTolerations } from './placement.ts';
import { MAX_CREATES_PER_SYNC, slowStartBatch } from '../shared/slow-start.ts';

export const DAEMONSET_CONTROLLER = 'daemonset-controller';
const RESOURCE = 'daemonsets.apps';
export const HASH_LABEL = 'controller-revision-hash';
export const GENERATION_LABEL = 'pod-template-generation';

/** Resolves an int-or-percent against `total`, rounding up (as maxUnavailable does). */
export function scaledValue(v: unknown, total: number): number {
  if (typeof v === 'number') return v;
  const s = String(v ?? '0');
  if (s.endsWith('%')) return Math.ceil((Number(s.slice(0, -1)) * total) / 100);
  return Number(s) || 0;
}

function creationOrder(a: KubeObject, b: KubeObject): number {
  return (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!);
}

/**
 * The controller. `shapes` is what it last saw of each node (default: the nodes as they are
 * now); a controller loaded on first use is handed the shapes its trigger kept until then.
 */
export function daemonSetController(cluster: Cluster, shapes: Shapes = new Shapes(nodeShape, cluster.store.list('nodes'))): Controller {
  const { api } = cluster;
  const event = (ds: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) =>
    cluster.events.record(ds, type, reason, message, { component: DAEMONSET_CONTROLLER });

  function deletePod(ds: KubeObject, pod: KubeObject, force = false): void {
    try {
      api.delete('pods', pod.metadata.namespace, pod.metadata.name!, force ? { gracePeriodSeconds: 0 } : {});
      event(ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    } catch {
      // Already gone.
    }
  }

  /** Creates the daemon Pod for `node`; false (with a FailedCreate event) when refused. */
  function createPod(ds: KubeObject, node: string, hash: string, generation: string): boolean {
    const tmpl = clone(ds.spec.template ?? {});
    const spec = tmpl.spec ?? {};
    spec.tolerations = withDaemonTolerations(spec.tolerations, spec.hostNetwork === true);
    spec.affinity = pinToNode(spec.affinity, node);
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${ds.metadata.name}-`,
        namespace: ds.metadata.namespace,
        labels: { ...(tmpl.metadata?.labels ?? {}), [HASH_LABEL]: hash, [GENERATION_LABEL]: generation },
        ...(tmpl.metadata?.annotations ? { annotations: tmpl.metadata.annotations } : {}),
        ownerReferences: [controllerRef(ds)],
      },
      spec,
    };
    try {
      const created = api.create('pods', pod).object;
      event(ds, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
      return true;
    } catch (e) {
      event(ds, 'Warning', 'FailedCreate', `Error creating: ${(e as Error).message}`);
      return false;
    }
  }

  function sync(ds: KubeObject): ReconcileResult | void {
    const now = cluster.now();
    const spec = ds.spec ?? {};
    const minReady: number = spec.minReadySeconds ?? 0;
    const generation = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION] ?? '1';
    const rev = syncRevisions(api, ds, spec.template);
    const hash = rev.hash;
    const isUpdated = (p: KubeObject) => p.metadata.labels?.[GENERATION_LABEL] === generation || p.metadata.labels?.[HASH_LABEL] === hash;
    const nodes = api.list('nodes');
    const nodeNames = new Set(nodes.map((n) => n.metadata.name!));

    const byNode = (pods: KubeObject[]) => {
      const m = new Map<string, KubeObject[]>();
      for (const p of pods) {
        const n = podNode(p) ?? '';
        if (!m.has(n)) m.set(n, []);
        m.get(n)!.push(p);
      }
      for (const list of m.values()) list.sort(creationOrder);
      return m;
    };

    // Place and remove pods.
    let pods = ownedBy(cluster, 'pods', ds);
    for (const [n, list] of byNode(pods)) {
      if (nodeNames.has(n)) continue;
      for (const p of list) if (!p.metadata.deletionTimestamp) deletePod(ds, p, true);
    }
    const placed = byNode(pods);
    const eligible = new Set<string>();
    const needPod: string[] = [];
    for (const node of nodes) {
      const name = node.metadata.name!;
      const run = shouldRunOn(ds, node);
      const here = (placed.get(name) ?? []).filter((p) => !p.metadata.deletionTimestamp);
      if (!run) {
        for (const p of here) deletePod(ds, p);
        continue;
      }
      eligible.add(name);
      const running: KubeObject[] = [];
      for (const p of here) {
        if (p.status?.phase === 'Failed') {
          event(ds, 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${p.metadata.namespace}/${p.metadata.name} on node ${name}, will try to kill it`);
          deletePod(ds, p);
        } else if (p.status?.phase === 'Succeeded') deletePod(ds, p);
        else running.push(p);
      }
      if (running.length === 0) needPod.push(name);
      else for (const extra of running.slice(1)) deletePod(ds, extra);
    }
    // Like syncNodes: at most MAX_CREATES_PER_SYNC, in slow-start batches.
    slowStartBatch(Math.min(needPod.length, MAX_CREATES_PER_SYNC), (k) => createPod(ds, needPod[k]!, hash, generation));

    // Rolling update: replace out-of-date pods, at most maxUnavailable down at a time.
    if (spec.updateStrategy?.type === 'RollingUpdate') {
      pods = ownedBy(cluster, 'pods', ds);
      const current = byNode(pods);
      let maxUnavailable = scaledValue(spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, eligible.size);
      if (maxUnavailable === 0 && scaledValue(spec.updateStrategy?.rollingUpdate?.maxSurge ?? 0, eligible.size) === 0) maxUnavailable = 1;
      let unavailable = 0;
      const oldAvailable: KubeObject[] = [];
      const oldUnavailable: KubeObject[] = [];
      for (const name of eligible) {
        const live = (current.get(name) ?? []).filter((p) => !p.metadata.deletionTimestamp);
        const p = live[0];
        const avail = !!p && isPodAvailable(p, minReady, now);
        if (!avail) unavailable++;
        if (p && !isUpdated(p)) (avail ? oldAvailable : oldUnavailable).push(p);
      }
      for (const p of oldUnavailable) deletePod(ds, p);
      for (const p of oldAvailable) {
        if (unavailable >= maxUnavailable) break;
        deletePod(ds, p);
        unavailable++;
      }
    }

    // Status, from the oldest pod on each node.
    pods = ownedBy(cluster, 'pods', ds);
    const final = byNode(pods);
    let desired = 0;
    let scheduled = 0;
    let ready = 0;
    let available = 0;
    let updated = 0;
    let misscheduled = 0;
    let requeue: number | undefined;
    for (const node of nodes) {
      const name = node.metadata.name!;
      const list = final.get(name) ?? [];
      if (eligible.has(name)) {
        desired++;
        const p = list[0];
        if (!p) continue;
        scheduled++;
        if (isPodReady(p)) {
          ready++;
          if (isPodAvailable(p, minReady, now)) available++;
          const wait = msUntilAvailable(p, minReady, now);
          if (wait !== undefined) requeue = requeue === undefined ? wait : Math.min(requeue, wait);
        }
        if (isUpdated(p)) updated++;
      } else if (list.length) misscheduled++;
    }
    const status: Record<string, unknown> = {
      currentNumberScheduled: scheduled,
      desiredNumberScheduled: desired,
      ...(available ? { numberAvailable: available } : {}),
      numberMisscheduled: misscheduled,
      numberReady: ready,
      ...(desired - available > 0 ? { numberUnavailable: desired - available } : {}),
      observedGeneration: ds.metadata.generation,
      ...(updated ? { updatedNumberScheduled: updated } : {}),
    };
    writeStatus(api, RESOURCE, ds, status);

    const live = new Set<string>([rev.update.metadata.name!]);
    const liveHashes = new Set(pods.map((p) => p.metadata.labels?.[HASH_LABEL]));
    for (const r of rev.revisions) if (liveHashes.has(r.metadata.labels?.[HASH_LABEL])) live.add(r.metadata.name!);
    truncateHistory(api, rev.revisions, live, spec.revisionHistoryLimit ?? 10);
    return requeue !== undefined ? { requeueAfter: requeue } : undefined;
  }

  const allKeys = () => api.list(RESOURCE).map(keyOf);
  return {
    name: DAEMONSET_CONTROLLER,
    watches: [
      { resource: RESOURCE, keys: (e) => (e.type === 'DELETED' ? [] : [keyOf(e.object)]) },
      { resource: 'pods', keys: (e) => ownerKeys(e, 'DaemonSet') },
      { resource: 'nodes', keys: (e) => {
          const changed = shapes.record(e.object);
          if (e.type === 'DELETED') shapes.forget(e.object);
          return e.type === 'MODIFIED' && !changed ? [] : allKeys();
        }, },
    ],
    initialKeys: allKeys,
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const ds = api.tryGet(RESOURCE, namespace, name);
      if (!ds || ds.metadata.deletionTimestamp) return;
      return sync(ds);
    },
  };
}
