/**
 * The few facts about a Pod that checks talk about, read from its status the way
 * `kubectl get pods` presents them, so that a check's message uses the words the learner sees
 * in the STATUS and READY columns.
 */
import { podSummary, type KubeObject } from '../sim/index.ts';

interface ContainerStatus {
  restartCount?: number;
}

function containerStatuses(pod: KubeObject): ContainerStatus[] {
  const list: unknown = pod.status?.containerStatuses;
  return Array.isArray(list) ? (list as ContainerStatus[]) : [];
}

/**
 * The STATUS column of `kubectl get pods` for one Pod, computed by the same Table conversion
 * the simulated API server uses for `kubectl get` (so a check's words are the table's words).
 * Example: a Running Pod whose only container waits in CrashLoopBackOff shows `CrashLoopBackOff`.
 */
export function podDisplayStatus(pod: KubeObject): string {
  return podSummary(pod, 0).status || 'Pending';
}

/** Whether the Pod's Ready condition is True. */
export function podReadyCondition(pod: KubeObject): boolean {
  const conditions: unknown = pod.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  return conditions.some((c: { type?: string; status?: string }) => c.type === 'Ready' && c.status === 'True');
}

/** READY as kubectl prints it (`1/2`), as numbers: `[ready, total]`. */
export function podReadyCount(pod: KubeObject): [number, number] {
  const [ready, total] = podSummary(pod, 0).ready.split('/').map(Number);
  return [ready ?? 0, total ?? 0];
}

/** Sum of the containers' restart counts (the RESTARTS column without its age). */
export function podRestarts(pod: KubeObject): number {
  return containerStatuses(pod).reduce((n, s) => n + (s.restartCount ?? 0), 0);
}
