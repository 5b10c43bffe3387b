/**
 * The node lifecycle and taint-eviction controllers, for nodes whose kubelet stops:
 *   t0        kubelet stops posting status (stopNode)
 *   t0 + 50 s conditions become Unknown (`Kubelet stopped posting node status.`), taints
 *             node.kubernetes.io/unreachable NoSchedule + NoExecute, Pods marked Ready=False
 *   +300 s    (each Pod's tolerationSeconds for the unreachable taint) TaintManagerEviction:
 *             the Pod is deleted and stays Terminating, since no kubelet confirms it
 *   kubelet back (startNode): conditions Ready again, taints removed, the kubelet finishes
 *   deletions. Node object deleted (removeNode): Pods bound to it are removed (pod GC).
 * Any other NoExecute taint (`kubectl taint node N k=v:NoExecute`) evicts the same way: a Pod
 * that does not tolerate it goes at once, one that tolerates it for tolerationSeconds goes
 * when they have passed since the taint's timeAdded.
 */
import { isoTime, type KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { component, type Installer } from '../installer.ts';
import type { Controller } from '../runtime/controller.ts';
import { nodeAgents } from './node-agents.ts';
import { nodeUsageIndex } from './node-usage.ts';
import { toleratesTaint, type Toleration } from './taints.ts';
import { NODE_CONDITIONS } from './node-template.ts';

/** kube-controller-manager --node-monitor-grace-period: 50 s by default since Kubernetes 1.32. */
export const NODE_MONITOR_GRACE_MS = 50_000;
export const UNREACHABLE = 'node.kubernetes.io/unreachable';

const SOURCE = { component: 'node-controller' };

export class NodeLifecycleController implements Controller {
  readonly name = 'node-lifecycle-controller';
  readonly watches = [{ resource: 'nodes', keys: (e: { object: KubeObject }) => [e.object.metadata.name!] }];
  private cluster: Cluster;
  private stoppedAt = new Map<string, number>();
  private timers = new Map<string, number>();
  /** When this controller first saw each NoExecute taint without a timeAdded (node|key=value). */
  private seen = new Map<string, number>();

  constructor(cluster: Cluster) {
    this.cluster = cluster;
    nodeAgents(cluster).onChange((node, running) => {
      if (running) this.stoppedAt.delete(node);
      else this.stoppedAt.set(node, cluster.now());
      this.wake(node, 0);
    });
  }

  private wake(node: string, ms: number): void {
    const old = this.timers.get(node);
    if (old !== undefined) this.cluster.clock.clearTimeout(old);
    this.timers.set(
      node,
      this.cluster.clock.setTimeout(() => {
        this.timers.delete(node);
        this.reconcile(node);
      }, ms),
    );
  }

  private podsOn(node: string): KubeObject[] {
    const keys = [...nodeUsageIndex(this.cluster).usage(node).podKeys].sort();
    return keys.map((k) => this.cluster.store.get('pods', k.split('/')[0]!, k.slice(k.indexOf('/') + 1))).filter((p): p is KubeObject => !!p);
  }

  reconcile(name: string): void {
    const api = this.cluster.api;
    const node = this.cluster.store.get('nodes', '', name);
    if (!node) {
      // Pod garbage collection: Pods bound to a node that no longer exists go at once.
      for (const p of this.podsOn(name)) api.delete('pods', p.metadata.namespace, p.metadata.name!, { gracePeriodSeconds: 0 });
      return;
    }
    const now = this.cluster.now();
    const stopped = this.stoppedAt.get(name);
    const unreachable = (node.spec?.taints ?? []).some((t: { key: string }) => t.key === UNREACHABLE);
    if (stopped === undefined) {
      if (unreachable) this.markReachable(node);
      this.evict(name);
      return;
    }
    if (now < stopped + NODE_MONITOR_GRACE_MS) {
      this.wake(name, stopped + NODE_MONITOR_GRACE_MS - now);
      return;
    }
    if (!unreachable) this.markUnreachable(node);
    this.evict(name);
  }

  private markUnreachable(node: KubeObject): void {
    const name = node.metadata.name!;
    const t = isoTime(this.cluster.now());
    this.cluster.api.modifyStatus('nodes', undefined, name, (n) => {
      n.status.conditions = (n.status.conditions ?? []).map((c: Record<string, unknown>) => ({
        ...c,
        lastTransitionTime: t,
        message: 'Kubelet stopped posting node status.',
        reason: 'NodeStatusUnknown',
        status: 'Unknown',
      }));
      n.spec.taints = [
        ...(n.spec.taints ?? []),
        { effect: 'NoSchedule', key: UNREACHABLE, timeAdded: t },
        { effect: 'NoExecute', key: UNREACHABLE, timeAdded: t },
      ];
    });
    this.cluster.events.record(this.cluster.store.get('nodes', '', name)!, 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`, SOURCE);
    for (const pod of this.podsOn(name)) {
      const updated = this.cluster.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (p) => {
        for (const c of p.status?.conditions ?? []) {
          if ((c.type === 'Ready' || c.type === 'ContainersReady') && c.status !== 'False') {
            c.status = 'False';
            c.lastTransitionTime = t;
          }
        }
      });
      this.cluster.events.record(updated, 'Warning', 'NodeNotReady', 'Node is not ready', SOURCE);
    }
  }

  private markReachable(node: KubeObject): void {
    const t = isoTime(this.cluster.now());
    this.cluster.api.modifyStatus('nodes', undefined, node.metadata.name!, (n) => {
      n.status.conditions = NODE_CONDITIONS.map(([type, status, reason, message]) => ({
        type, status, reason, message, lastHeartbeatTime: t, lastTransitionTime: t,
      }));
      n.spec.taints = (n.spec.taints ?? []).filter((x: { key: string }) => x.key !== UNREACHABLE);
      if (!n.spec.taints.length) delete n.spec.taints;
    });
  }

  /** When a NoExecute taint without timeAdded was first seen on the node (as the taint eviction controller counts). */
  private firstSeen(node: string, taint: { key: string; value?: string }, now: number): number {
    const key = `${node}|${taint.key}=${taint.value ?? ''}`;
    const at = this.seen.get(key) ?? now;
    this.seen.set(key, at);
    return at;
  }

  /**
   * Deletes Pods whose toleration of one of the node's NoExecute taints (unreachable or any
   * other) has run out, or that do not tolerate one at all; re-arms for the rest.
   */
  private evict(name: string): void {
    const node = this.cluster.store.get('nodes', '', name)!;
    const taints = (node.spec?.taints ?? []).filter((t: { effect: string }) => t.effect === 'NoExecute');
    // A taint removed and added again counts from its new appearance.
    for (const k of [...this.seen.keys()]) {
      if (k.startsWith(`${name}|`) && !taints.some((t: { key: string; value?: string }) => k === `${name}|${t.key}=${t.value ?? ''}`)) this.seen.delete(k);
    }
    if (!taints.length) return;
    const now = this.cluster.now();
    let nextDue: number | undefined;
    for (const pod of this.podsOn(name)) {
      if (pod.metadata.deletionTimestamp) continue;
      let due: number | undefined;
      for (const taint of taints) {
        const added = Date.parse(taint.timeAdded ?? '') || this.firstSeen(name, taint, now);
        const tols: Toleration[] = (pod.spec?.tolerations ?? []).filter((t: Toleration) => toleratesTaint(t, taint));
        if (tols.length && tols.some((t) => t.tolerationSeconds === undefined)) continue;
        const seconds = tols.length ? Math.max(0, Math.min(...tols.map((t) => t.tolerationSeconds!))) : 0;
        due = Math.min(due ?? Infinity, added + seconds * 1000);
      }
      if (due === undefined) continue;
      if (now < due) {
        nextDue = Math.min(nextDue ?? due, due);
        continue;
      }
      this.cluster.events.record(pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${pod.metadata.namespace}/${pod.metadata.name}`, {
        component: 'taint-eviction-controller',
      });
      this.cluster.api.delete('pods', pod.metadata.namespace, pod.metadata.name!);
    }
    if (nextDue !== undefined) this.wake(name, nextDue - now);
  }
}

/** Adds the node lifecycle controller to a cluster. */
export function startNodeLifecycle(cluster: Cluster): void {
  cluster.addController(new NodeLifecycleController(cluster));
}

/** The node lifecycle controller. */
export const NODE_LIFECYCLE: Installer = component('node-lifecycle-controller', startNodeLifecycle);
