/**
 * The pod garbage collector of kube-controller-manager (pkg/controller/podgc), for orphaned
 * Pods: a Pod bound to a node that does not exist (a `nodeName` naming no node, or a node
 * deleted under its Pods). Once the node has been missing for the quarantine time (40 s),
 * the next pass (every 20 s) marks the Pod Failed with a DisruptionTarget condition
 * (DeletionByPodGC) unless it has already finished, and deletes it at once (grace period 0),
 * since no kubelet is there to confirm a graceful termination.
 */
import { isoTime, type KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { component, type Installer } from '../../installer.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';

/** podgc's gcCheckPeriod. */
export const GC_CHECK_PERIOD_MS = 20_000;
/** podgc's quarantineTime: how long a node must be missing before its Pods are orphans. */
export const QUARANTINE_MS = 40_000;

export class PodGCController implements Controller {
  readonly name = 'pod-garbage-collector';
  readonly watches = [
    { resource: 'pods', keys: (e: { type: string; object: KubeObject }) => (e.type !== 'DELETED' && e.object.spec?.nodeName ? [keyOf(e.object)] : []) },
    // A node deleted: look at its Pods again.
    {
      resource: 'nodes',
      keys: (e: { type: string; object: KubeObject }) =>
        e.type === 'DELETED' ? this.cluster.store.list('pods').filter((p) => p.spec?.nodeName === e.object.metadata.name).map(keyOf) : [],
    },
  ];
  private cluster: Cluster;
  /** When each missing node was first seen missing. */
  private missingSince = new Map<string, number>();

  constructor(cluster: Cluster) {
    this.cluster = cluster;
  }

  initialKeys(): string[] {
    return this.cluster.store.list('pods').filter((p) => p.spec?.nodeName).map(keyOf);
  }

  reconcile(key: string): { requeueAfter?: number } | void {
    const { namespace = '', name } = splitKey(key);
    const { store, api } = this.cluster;
    const pod = store.get('pods', namespace, name);
    const node = pod?.spec?.nodeName as string | undefined;
    if (!pod || !node) return;
    if (store.get('nodes', '', node)) {
      this.missingSince.delete(node);
      return;
    }
    const now = this.cluster.now();
    const since = this.missingSince.get(node) ?? now;
    this.missingSince.set(node, since);
    // The pass after the quarantine has ended.
    const due = Math.ceil((since + QUARANTINE_MS) / GC_CHECK_PERIOD_MS) * GC_CHECK_PERIOD_MS;
    if (now < due) return { requeueAfter: due - now };
    const phase = pod.status?.phase as string | undefined;
    try {
      if (phase !== 'Succeeded' && phase !== 'Failed') {
        api.modifyStatus('pods', namespace, name, (o) => {
          const status = (o.status ??= {});
          status.phase = 'Failed';
          const conditions = ((status.conditions ??= []) as { type: string }[]).filter((c) => c.type !== 'DisruptionTarget');
          conditions.unshift({
            type: 'DisruptionTarget',
            status: 'True',
            lastProbeTime: null,
            lastTransitionTime: isoTime(now),
            reason: 'DeletionByPodGC',
            message: 'PodGC: node no longer exists',
          } as { type: string });
          status.conditions = conditions;
        });
      }
      api.delete('pods', namespace, name, { gracePeriodSeconds: 0 });
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The pod garbage collector (orphaned Pods). */
export const POD_GC: Installer = component('pod-garbage-collector', (cluster) => cluster.addController(new PodGCController(cluster)));
