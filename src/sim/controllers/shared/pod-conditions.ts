/**
 * Pod readiness and availability as controllers judge them (podutil.IsPodReady,
 * IsPodAvailable): a Pod is ready when its `Ready` condition is True, and available when it
 * has been ready for at least `minReadySeconds`.
 */
import type { KubeObject } from '../../api/types.ts';

interface PodCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
}

function readyCondition(pod: KubeObject): PodCondition | undefined {
  const conds = pod.status?.conditions as PodCondition[] | undefined;
  return conds?.find((c) => c.type === 'Ready');
}

/** Whether the Pod's Ready condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** When the Pod last became ready (ms), or undefined when it is not ready or the time is unknown. */
export function podReadySince(pod: KubeObject): number | undefined {
  const c = readyCondition(pod);
  if (c?.status !== 'True' || !c.lastTransitionTime) return undefined;
  const t = Date.parse(c.lastTransitionTime);
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Whether the Pod is available at `now`: ready, and ready for `minReadySeconds` (0 = as soon
 * as ready). A ready Pod without a transition time counts as available, as Kubernetes does.
 */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (!minReadySeconds) return true;
  const since = podReadySince(pod);
  return since === undefined || since + minReadySeconds * 1000 <= now;
}

/**
 * Milliseconds until the first ready-but-not-yet-available Pod becomes available, given when
 * each ready Pod became ready; undefined when none is waiting (the controller requeues itself
 * for that moment).
 */
export function nextAvailableIn(readySince: readonly (number | undefined)[], minReadySeconds: number, now: number): number | undefined {
  if (!minReadySeconds) return undefined;
  let best: number | undefined;
  for (const since of readySince) {
    if (since === undefined) continue;
    const due = since + minReadySeconds * 1000 - now;
    if (due > 0 && (best === undefined || due < best)) best = due;
  }
  return best;
}

/** How many of these ready times are at least `minReadySeconds` old (unknown times count). */
export function countAvailable(readySince: readonly (number | undefined)[], minReadySeconds: number, now: number): number {
  if (!minReadySeconds) return readySince.length;
  let n = 0;
  for (const since of readySince) if (since === undefined || since + minReadySeconds * 1000 <= now) n++;
  return n;
}

/** Whether a Pod still counts toward a controller's replicas (controller.IsPodActive). */
export function isPodActive(pod: KubeObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata.deletionTimestamp === undefined;
}
