/**
 * The `default-scheduler`: binds Pods that have no spec.nodeName and ask for this scheduler.
 *
 * One attempt = PreFilter (volume claims) -> Filter (plugins in kube-scheduler's order, the
 * first failing plugin decides a node's reason) -> Score -> Bind. A failed attempt writes the
 * PodScheduled=False condition and a FailedScheduling event with the aggregated message.
 *
 * Pending Pods are retried when anything that could make them fit changes (nodes, claims,
 * storage classes, Pods leaving a node) and every 5 minutes, as kube-scheduler flushes its
 * unschedulable queue. A Pod's own status writes do not count as a change, so a failure is
 * reported once per real attempt (the event's count grows as the real one does).
 */
import { isoTime, type KubeObject, type WatchEvent } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { component, type Installer } from '../installer.ts';
import { nodeUsageIndex, type NodeUsageIndex } from '../nodes/node-usage.ts';
import { podIsTerminal } from '../nodes/pod-resources.ts';
import { keyOf, splitKey, type Controller } from '../runtime/controller.ts';
import { filterFailureMessage, NO_NODES, podFailureMessage, type NodeFailure } from './message.ts';
import { nodeAffinity } from './plugins/node-affinity.ts';
import { nodeName } from './plugins/node-name.ts';
import { nodeResourcesFit } from './plugins/node-resources-fit.ts';
import { nodeUnschedulable } from './plugins/node-unschedulable.ts';
import { taintToleration } from './plugins/taint-toleration.ts';
import type { FilterPlugin } from './plugins/types.ts';
import { pickNode } from './score.ts';
import { checkPodVolumes, delayedClaims } from './volumes.ts';

const SELECTED_NODE_ANNOTATION = 'volume.kubernetes.io/selected-node';

export const SCHEDULER_NAME = 'default-scheduler';

/** Filter plugins in the order the 1.32 default profile runs them. */
export const FILTERS: FilterPlugin[] = [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodeResourcesFit];

/** kube-scheduler's podInitialBackoffDuration and podMaxBackoffDuration. */
const INITIAL_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 10_000;

/**
 * How long after its `attempts`-th failed attempt a Pod waits before a change in the cluster
 * may bring another: 1 s doubling up to 10 s, so a burst of changes (hundreds of Pods
 * finishing) retries each pending Pod once, not once per change.
 */
function backoff(attempts: number): number {
  return Math.min(INITIAL_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** A Pod that failed to schedule: the world version and its own resourceVersion then, and its back-off. */
interface Pending {
  epoch: number;
  rv: string | undefined;
  attempts: number;
  lastAttempt: number;
}

/** kube-scheduler's podMaxInUnschedulablePodsDuration. */
const RETRY_INTERVAL_MS = 5 * 60_000;

/** Whether this scheduler is responsible for a Pod right now. */
export function needsScheduling(pod: KubeObject): boolean {
  return (
    !pod.spec?.nodeName &&
    (pod.spec?.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME &&
    !pod.metadata.deletionTimestamp &&
    !podIsTerminal(pod)
  );
}

/** Outcome of one scheduling attempt (exported for tests). */
export type Decision = { node: string } | { message: string };

/** Runs PreFilter, Filter and Score for a Pod against the current nodes; does not write. */
export function decide(cluster: Cluster, usage: NodeUsageIndex, pod: KubeObject): Decision {
  const nodes = cluster.store.list('nodes');
  if (!nodes.length) return { message: NO_NODES };
  const never = pod.spec?.preemptionPolicy === 'Never';
  const volumeProblem = checkPodVolumes(cluster.store, pod);
  if (volumeProblem) return { message: podFailureMessage(nodes.length, volumeProblem, never) };
  const feasible: KubeObject[] = [];
  const failures: NodeFailure[] = [];
  for (const node of nodes) {
    const info = { node, usage: usage.usage(node.metadata.name!) };
    let failed: NodeFailure | undefined;
    for (const p of FILTERS) {
      const r = p.filter(pod, info);
      if (!r.ok) {
        failed = { reasons: r.reasons, resolvable: r.resolvable };
        break;
      }
    }
    if (failed) failures.push(failed);
    else feasible.push(node);
  }
  if (!feasible.length) return { message: filterFailureMessage(nodes.length, failures, never) };
  return { node: pickNode(pod, feasible, usage) };
}

function setScheduledCondition(pod: KubeObject, status: 'True' | 'False', now: string, message?: string): void {
  pod.status = pod.status ?? {};
  const conds: Record<string, unknown>[] = pod.status.conditions ?? [];
  const cond: Record<string, unknown> = { type: 'PodScheduled', status, lastProbeTime: null, lastTransitionTime: now };
  if (status === 'False') Object.assign(cond, { reason: 'Unschedulable', message });
  const i = conds.findIndex((c) => c.type === 'PodScheduled');
  if (i >= 0) {
    if (conds[i]!.status === status) cond.lastTransitionTime = conds[i]!.lastTransitionTime;
    conds[i] = cond;
  } else conds.push(cond);
  pod.status.conditions = conds;
  if (!pod.status.phase) pod.status.phase = 'Pending';
}

export class Scheduler implements Controller {
  readonly name = SCHEDULER_NAME;
  readonly watches;
  private cluster: Cluster;
  private usage: NodeUsageIndex;
  /** Pending Pods, with the world version and their own resourceVersion at their last failed attempt. */
  private pending = new Map<string, Pending>();
  /** Bumped by every change that might let a pending Pod fit. */
  private epoch = 0;
  private retryTimer: number | undefined;
  /** The timer of the next back-off expiry among pending Pods that need a retry. */
  private dueTimer: number | undefined;
  /** Pods in their binding cycle: the node chosen, while their delayed claims get bound. */
  private binding = new Map<string, string>();

  constructor(cluster: Cluster) {
    this.cluster = cluster;
    this.usage = nodeUsageIndex(cluster);
    const worldChanged = () => this.worldChanged();
    this.watches = [
      { resource: 'pods', keys: (e: WatchEvent) => this.podKeys(e) },
      { resource: 'nodes', keys: worldChanged },
      { resource: 'persistentvolumeclaims', keys: worldChanged },
      { resource: 'persistentvolumes', keys: worldChanged },
      { resource: 'storageclasses.storage.k8s.io', keys: worldChanged },
    ];
  }

  initialKeys(): string[] {
    return this.cluster.store
      .list('pods')
      .filter(needsScheduling)
      .map((p) => keyOf(p));
  }

  private podKeys(e: WatchEvent): string[] {
    const pod = e.object;
    const key = keyOf(pod);
    const freesRoom = pod.spec?.nodeName && (e.type === 'DELETED' || podIsTerminal(pod));
    if (freesRoom && this.pending.size) return this.worldChanged();
    if (e.type === 'DELETED') {
      this.pending.delete(key);
      this.binding.delete(key);
      return [];
    }
    return needsScheduling(pod) ? [key] : [];
  }

  /**
   * Something changed that may let pending Pods fit: each is tried again once its back-off
   * has passed (later changes before then are covered by that one retry).
   */
  private worldChanged(): string[] {
    this.epoch++;
    this.armRetryDue();
    return [];
  }

  /** Arms one timer for the earliest pending Pod that is stale and whose back-off ends first. */
  private armRetryDue(): void {
    if (this.dueTimer !== undefined) return;
    let due = Infinity;
    for (const p of this.pending.values()) if (p.epoch !== this.epoch) due = Math.min(due, p.lastAttempt + backoff(p.attempts));
    if (due === Infinity) return;
    const clock = this.cluster.clock;
    this.dueTimer = clock.setTimeout(() => {
      this.dueTimer = undefined;
      const now = clock.now();
      for (const [key, p] of [...this.pending]) if (p.epoch !== this.epoch && p.lastAttempt + backoff(p.attempts) <= now) this.attempt(key, false);
      this.armRetryDue();
    }, Math.max(0, due - clock.now()));
  }

  reconcile(key: string): void {
    this.attempt(key, false);
  }

  private attempt(key: string, force: boolean): void {
    const { namespace, name } = splitKey(key);
    const pod = this.cluster.store.get('pods', namespace ?? '', name);
    if (!pod || !needsScheduling(pod)) {
      this.pending.delete(key);
      this.binding.delete(key);
      return;
    }
    const last = this.pending.get(key);
    // Nothing changed since the last failed attempt, neither the world nor the Pod itself.
    if (!force && last && last.epoch === this.epoch && last.rv === pod.metadata.resourceVersion) return;
    const chosen = this.binding.get(key);
    const decision: Decision = chosen ? { node: chosen } : decide(this.cluster, this.usage, pod);
    const now = isoTime(this.cluster.now());
    if ('node' in decision) {
      // PreBind: claims waiting for a consumer are bound for the chosen node first.
      const delayed = delayedClaims(this.cluster.store, pod);
      if (delayed.length) {
        this.binding.set(key, decision.node);
        for (const claim of delayed) {
          if (claim.metadata.annotations?.[SELECTED_NODE_ANNOTATION]) continue;
          this.cluster.api.modifyStatus('persistentvolumeclaims', claim.metadata.namespace, claim.metadata.name!, (o) => {
            o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [SELECTED_NODE_ANNOTATION]: decision.node };
          });
        }
        this.pending.set(key, { epoch: this.epoch, rv: pod.metadata.resourceVersion, attempts: 0, lastAttempt: this.cluster.now() });
        this.armRetry();
        return;
      }
      this.binding.delete(key);
      this.pending.delete(key);
      const bound = this.cluster.api.modifyStatus('pods', namespace, name, (p) => {
        p.spec.nodeName = decision.node;
        setScheduledCondition(p, 'True', now);
      });
      this.cluster.events.record(
        bound,
        'Normal',
        'Scheduled',
        `Successfully assigned ${namespace}/${name} to ${decision.node}`,
        { component: SCHEDULER_NAME },
      );
      return;
    }
    let current = pod;
    const cond = (pod.status?.conditions ?? []).find((c: { type: string }) => c.type === 'PodScheduled');
    // Recorded before the write, whose own watch event must find the attempt already made.
    const attempts = (last?.attempts ?? 0) + 1;
    const lastAttempt = this.cluster.now();
    this.pending.set(key, { epoch: this.epoch, rv: undefined, attempts, lastAttempt });
    if (!cond || cond.status !== 'False' || cond.message !== decision.message) {
      current = this.cluster.api.modifyStatus('pods', namespace, name, (p) => setScheduledCondition(p, 'False', now, decision.message));
    }
    this.pending.set(key, { epoch: this.epoch, rv: current.metadata.resourceVersion, attempts, lastAttempt });
    this.cluster.events.record(current, 'Warning', 'FailedScheduling', decision.message, { component: SCHEDULER_NAME });
    this.armRetry();
  }

  /** One timer for all pending Pods: every 5 minutes each is tried again, even if nothing changed. */
  private armRetry(): void {
    if (this.retryTimer !== undefined) return;
    this.retryTimer = this.cluster.clock.setTimeout(() => {
      this.retryTimer = undefined;
      for (const key of [...this.pending.keys()]) this.attempt(key, true);
    }, RETRY_INTERVAL_MS);
  }
}

/** Adds the scheduler to a cluster. */
export function startScheduler(cluster: Cluster): void {
  cluster.addController(new Scheduler(cluster));
}

/** The default scheduler. */
export const SCHEDULER: Installer = component('scheduler', startScheduler);
