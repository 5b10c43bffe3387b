/**
 * The HPA's replica calculation for resource metrics (pkg/controller/podautoscaler/
 * replica_calculator.go, GetResourceReplicas): Pods grouped into ready, unready (CPU: not
 * Ready, or still in the 5-minute initialisation period without a full metric window since
 * becoming Ready), missing (no metrics) and ignored (deleted, failed); utilization as the
 * integer percentage of summed usage over summed requests; a 0.1 tolerance; on a scale-up,
 * missing and unready Pods count as using nothing, on a scale-down missing Pods count as using
 * 100% of their request; and no change in the direction the corrected ratio does not support.
 */
import type { Pod, PodCondition } from '../generated-types.ts';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';

/** --horizontal-pod-autoscaler-tolerance. */
export const TOLERANCE = 0.1;
/** --horizontal-pod-autoscaler-cpu-initialization-period. */
export const CPU_INITIALIZATION_MS = 5 * 60_000;
/** --horizontal-pod-autoscaler-initial-readiness-delay. */
export const INITIAL_READINESS_DELAY_MS = 30_000;

/** One Pod's usage of the resource (milli-units for cpu, bytes for memory), as the metrics API reports it. */
export interface PodUsage {
  value: number;
  timestamp: number;
  windowMs: number;
}

/** The outcome, or an error message as the controller words it. */
export type ReplicaResult = { replicas: number; utilization: number; rawAverage: number } | { error: string };

const amount = (resource: string, q: string) => (resource === 'cpu' ? milliValue(parseQuantity(q)) : quantityValue(parseQuantity(q)));

function podRequest(pod: Pod, resource: string, container?: string): number | string {
  let total = 0;
  for (const c of pod.spec?.containers ?? []) {
    if (container && c.name !== container) continue;
    const r = c.resources?.requests?.[resource];
    if (r === undefined) return `missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}`;
    total += amount(resource, String(r));
  }
  return total;
}

function readyCondition(pod: Pod): PodCondition | undefined {
  return (pod.status?.conditions ?? []).find((c) => c.type === 'Ready');
}

/** groupPods: whether a Pod with a metric counts as unready for `resource`. */
function unready(pod: Pod, resource: string, metric: PodUsage, now: number): boolean {
  if (pod.status?.phase === 'Pending') return true;
  if (resource !== 'cpu') return false;
  const cond = readyCondition(pod);
  const start = pod.status?.startTime ? Date.parse(pod.status.startTime) : undefined;
  if (!cond || start === undefined) return true;
  const transition = cond.lastTransitionTime ? Date.parse(cond.lastTransitionTime) : start;
  if (start + CPU_INITIALIZATION_MS > now) return cond.status === 'False' || metric.timestamp < transition + metric.windowMs;
  return cond.status === 'False' && start + INITIAL_READINESS_DELAY_MS > transition;
}

/** Utilization (integer percent) and the raw average of the Pods in `metrics`. */
function utilizationOf(metrics: Map<string, number>, requests: Map<string, number>): { ratioBase: number; raw: number } | string {
  let used = 0;
  let requested = 0;
  for (const [name, v] of metrics) {
    const r = requests.get(name);
    if (r === undefined) continue;
    used += v;
    requested += r;
  }
  if (requested === 0) return 'no metrics returned matched known pods';
  return { ratioBase: Math.trunc((used * 100) / requested), raw: Math.trunc(used / metrics.size) };
}

/** A Utilization target (percent of request) or an AverageValue target (milli-units or bytes per Pod). */
export type Target = { utilization: number } | { averageValue: number };

/** GetMetricUsageRatio: the average over `metrics` against a per-Pod value. */
function averageOf(metrics: Map<string, number>): { ratioBase: number; raw: number } {
  let used = 0;
  for (const v of metrics.values()) used += v;
  return { ratioBase: used / metrics.size, raw: Math.trunc(used / metrics.size) };
}

/**
 * Desired replicas for a target on `resource` (GetResourceReplicas for Utilization,
 * GetRawResourceReplicas for AverageValue), given the target's Pods, the metrics API's answer
 * for them, and the current replica count.
 */
export function resourceReplicas(
  pods: Pod[],
  usage: Map<string, PodUsage>,
  resource: string,
  goal: Target,
  current: number,
  now: number,
  container?: string,
): ReplicaResult {
  const plain = 'averageValue' in goal;
  const target = plain ? goal.averageValue : goal.utilization;
  if (!pods.length) return { error: 'no pods returned by selector while calculating replica count' };
  const metrics = new Map<string, number>();
  const unreadyPods = new Set<string>();
  const missing = new Set<string>();
  let readyCount = 0;
  for (const pod of pods) {
    const name = pod.metadata.name!;
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') continue;
    const m = usage.get(name);
    if (pod.status?.phase === 'Pending') {
      unreadyPods.add(name);
      continue;
    }
    if (!m) {
      missing.add(name);
      continue;
    }
    if (unready(pod, resource, m, now)) {
      unreadyPods.add(name);
      continue;
    }
    metrics.set(name, m.value);
    readyCount++;
  }
  if (!metrics.size) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const requests = new Map<string, number>();
  for (const pod of plain ? [] : pods) {
    const r = podRequest(pod, resource, container);
    if (typeof r === 'string') return { error: r };
    requests.set(pod.metadata.name!, r);
  }
  const measure = () => (plain ? averageOf(metrics) : utilizationOf(metrics, requests));
  const first = measure();
  if (typeof first === 'string') return { error: first };
  const ratio = first.ratioBase / target;
  const result = (replicas: number) => ({ replicas, utilization: plain ? 0 : first.ratioBase, rawAverage: first.raw });
  const scaleUpWithUnready = unreadyPods.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && !missing.size) {
    if (Math.abs(1 - ratio) <= TOLERANCE) return result(current);
    return result(Math.ceil(ratio * readyCount));
  }
  if (missing.size) {
    if (ratio < 1) for (const n of missing) metrics.set(n, plain ? target : (requests.get(n)! * Math.max(100, target)) / 100);
    else if (ratio > 1) for (const n of missing) metrics.set(n, 0);
  }
  if (scaleUpWithUnready) for (const n of unreadyPods) metrics.set(n, 0);
  const second = measure();
  if (typeof second === 'string') return { error: second };
  const newRatio = second.ratioBase / target;
  if (Math.abs(1 - newRatio) <= TOLERANCE || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1)) return result(current);
  const replicas = Math.ceil(newRatio * metrics.size);
  if ((newRatio < 1 && replicas > current) || (newRatio > 1 && replicas < current)) return result(current);
  return result(replicas);
}
