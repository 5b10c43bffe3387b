/**
 * The few facts about a Pod that checks talk about, read from its status the way
 * `kubectl get pods` presents them, so that a check's message uses the words the learner sees
 * in the STATUS and READY columns.
 */
import type { KubeObject } from '../sim/index.ts';

interface ContainerState {
  waiting?: { reason?: string };
  running?: unknown;
  terminated?: { reason?: string; exitCode?: number; signal?: number };
}

interface ContainerStatus {
  name?: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
}

function containerStatuses(pod: KubeObject): ContainerStatus[] {
  const list: unknown = pod.status?.containerStatuses;
  return Array.isArray(list) ? (list as ContainerStatus[]) : [];
}

function initStatuses(pod: KubeObject): ContainerStatus[] {
  const list: unknown = pod.status?.initContainerStatuses;
  return Array.isArray(list) ? (list as ContainerStatus[]) : [];
}

/** The reason a terminated container shows: its reason, else `Signal:N` / `ExitCode:N`. */
function terminatedReason(t: NonNullable<ContainerState['terminated']>): string {
  if (t.reason) return t.reason;
  return t.signal ? `Signal:${t.signal}` : `ExitCode:${t.exitCode ?? 0}`;
}

/**
 * The STATUS column of `kubectl get pods` for one Pod: the phase, overridden by an init
 * container's trouble, then by the first container (in spec order) that is waiting or has
 * terminated, then by `Terminating` while a deletion is pending. Example: a Pod in phase
 * Running whose only container waits with reason CrashLoopBackOff shows `CrashLoopBackOff`.
 */
export function podDisplayStatus(pod: KubeObject): string {
  let reason: string = pod.status?.reason ?? pod.status?.phase ?? 'Pending';
  let initializing = false;
  const inits = initStatuses(pod);
  for (let i = 0; i < inits.length; i++) {
    const s = inits[i]!.state ?? {};
    if (s.terminated && s.terminated.exitCode === 0) continue;
    if (s.running) continue;
    initializing = true;
    if (s.terminated) reason = `Init:${terminatedReason(s.terminated)}`;
    else if (s.waiting?.reason && s.waiting.reason !== 'PodInitializing') reason = `Init:${s.waiting.reason}`;
    else reason = `Init:${i}/${inits.length}`;
    break;
  }
  if (!initializing) {
    let hasRunning = false;
    const statuses = containerStatuses(pod);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const s = statuses[i]!.state ?? {};
      if (s.waiting?.reason) reason = s.waiting.reason;
      else if (s.terminated) reason = terminatedReason(s.terminated);
      else if (s.running && statuses[i]!.ready) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) reason = podReadyCondition(pod) ? 'Running' : 'NotReady';
  }
  if (pod.metadata.deletionTimestamp && pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed') {
    reason = 'Terminating';
  }
  return reason;
}

/** Whether the Pod's Ready condition is True. */
export function podReadyCondition(pod: KubeObject): boolean {
  const conditions: unknown = pod.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  return conditions.some((c: { type?: string; status?: string }) => c.type === 'Ready' && c.status === 'True');
}

/** READY as kubectl prints it: `[ready, total]`, total counting the spec's containers. */
export function podReadyCount(pod: KubeObject): [number, number] {
  const total = Array.isArray(pod.spec?.containers) ? pod.spec.containers.length : 0;
  const ready = containerStatuses(pod).filter((s) => s.ready === true && s.state?.running !== undefined).length;
  return [ready, total];
}

/** Sum of the containers' restart counts (the RESTARTS column without its age). */
export function podRestarts(pod: KubeObject): number {
  return containerStatuses(pod).reduce((n, s) => n + (s.restartCount ?? 0), 0);
}
