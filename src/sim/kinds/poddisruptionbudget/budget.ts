/**
 * What a PodDisruptionBudget asks for, as the disruption controller computes it
 * (pkg/controller/disruption: getExpectedPodCount, getExpectedScale, countHealthyPods,
 * updatePdbStatus): the Pods it expects, how many of them must stay healthy, how many are
 * healthy now, and so how many may be disrupted. Pure: the owners' scale comes from `scaleOf`.
 *
 * - An integer `minAvailable` expects every selected Pod (managed or not) and wants that many.
 * - `maxUnavailable` (integer or percent) and a percent `minAvailable` need the owners' scale:
 *   each distinct controller of the selected Pods adds its replicas (a ReplicaSet owned by a
 *   Deployment counts as the Deployment). Pods without a controller are "unmanaged": left out
 *   of the count, and reported. A controller that has no scale (a Job, a DaemonSet) or cannot
 *   be found is an error, which the controller turns into SyncFailed.
 * - Percentages round up, for both fields (intstr.GetScaledValueFromIntOrPercent(..., true)).
 */
import { isoTime, type KubeObject } from '../../api/types.ts';
import type { Pod, PodDisruptionBudget } from '../generated-types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** The scale behind a controller reference of a Pod: a number, or an error message. */
export type ScaleLookup = (
  pod: Pod,
  ref: { kind: string; name: string; uid: string; apiVersion: string },
) => { uid: string; replicas: number } | { error: string } | undefined;

export interface Budget {
  expectedPods: number;
  desiredHealthy: number;
  /** Names of selected Pods without a controller (only looked for when the scale is needed). */
  unmanaged: string[];
}

/** intstr's getIntOrPercentValueSafely + GetScaledValueFromIntOrPercent (rounding up). */
export function scaledValue(v: number | string, total: number): number | { error: string } {
  if (typeof v === 'number') return v;
  if (!v.endsWith('%')) return { error: 'invalid value for IntOrString: invalid type: string is not a percentage' };
  const digits = v.slice(0, -1);
  if (!/^[+-]?\d+$/.test(digits)) return { error: `invalid value for IntOrString: invalid value "${v}": strconv.Atoi: parsing "${digits}": invalid syntax` };
  return Math.ceil((Number(digits) * total) / 100);
}

function controllerRef(pod: KubeObject) {
  return pod.metadata.ownerReferences?.find((r) => r.controller);
}

/** getExpectedScale: the summed scale of the Pods' controllers, or the first error. */
export function expectedScale(pods: Pod[], scaleOf: ScaleLookup): { expected: number; unmanaged: string[] } | { error: string } {
  const scales = new Map<string, number>();
  const seen = new Set<string>();
  const unmanaged: string[] = [];
  for (const pod of pods) {
    const ref = controllerRef(pod);
    if (!ref) {
      unmanaged.push(pod.metadata.name!);
      continue;
    }
    if (seen.has(ref.uid)) continue;
    const found = scaleOf(pod, ref);
    if (found && 'error' in found) return found;
    if (!found) return { error: `found no controllers for pod "${pod.metadata.name}"` };
    seen.add(ref.uid);
    scales.set(found.uid, found.replicas);
  }
  let expected = 0;
  for (const n of scales.values()) expected += n;
  return { expected, unmanaged };
}

/** getExpectedPodCount: expectedPods and desiredHealthy, or the error that fails the sync. */
export function expectedPodCount(pdb: PodDisruptionBudget, pods: Pod[], scaleOf: ScaleLookup): Budget | { error: string } {
  const spec = pdb.spec ?? {};
  if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) {
    const s = expectedScale(pods, scaleOf);
    if ('error' in s) return s;
    const max = scaledValue(spec.maxUnavailable, s.expected);
    if (typeof max !== 'number') return max;
    return { expectedPods: s.expected, desiredHealthy: Math.max(0, s.expected - max), unmanaged: s.unmanaged };
  }
  if (spec.minAvailable !== undefined && spec.minAvailable !== null) {
    if (typeof spec.minAvailable === 'number') return { expectedPods: pods.length, desiredHealthy: spec.minAvailable, unmanaged: [] };
    const s = expectedScale(pods, scaleOf);
    if ('error' in s) return s;
    const min = scaledValue(spec.minAvailable, s.expected);
    if (typeof min !== 'number') return min;
    return { expectedPods: s.expected, desiredHealthy: min, unmanaged: s.unmanaged };
  }
  return { expectedPods: 0, desiredHealthy: 0, unmanaged: [] };
}

/** Whether the Pod's Ready condition is True (podutil.IsPodReady). */
export function podReady(pod: KubeObject): boolean {
  return ((pod.status?.conditions ?? []) as { type?: string; status?: string }[]).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** countHealthyPods: Ready Pods not being deleted and not recorded as disrupted. */
export function countHealthy(pods: Pod[], disrupted: Record<string, string>): number {
  return pods.filter((p) => !p.metadata.deletionTimestamp && !(p.metadata.name! in disrupted) && podReady(p)).length;
}

/** updatePdbStatus: no disruption when nothing is expected or the healthy Pods are not above the wanted. */
export function disruptionsAllowed(currentHealthy: number, desiredHealthy: number, expectedPods: number): number {
  const allowed = currentHealthy - desiredHealthy;
  return expectedPods <= 0 || allowed <= 0 ? 0 : allowed;
}

/** apimeta.SetStatusCondition: the transition time moves only when the status changes. */
export function setCondition(conditions: Obj[], c: Obj, now: number): Obj[] {
  const list = conditions.map((x) => ({ ...x }));
  const found = list.find((x) => x.type === c.type);
  if (!found) {
    list.push({ ...c, lastTransitionTime: isoTime(now) });
    return list;
  }
  if (found.status !== c.status) found.lastTransitionTime = isoTime(now);
  Object.assign(found, { status: c.status, reason: c.reason, message: c.message, observedGeneration: c.observedGeneration });
  return list;
}

/** pdbhelper.UpdateDisruptionAllowedCondition over a status (also used by the eviction subresource). */
export function disruptionAllowedCondition(status: Obj, now: number): Obj[] {
  const ok = (status.disruptionsAllowed ?? 0) > 0;
  return setCondition(
    (status.conditions ?? []) as Obj[],
    {
      type: 'DisruptionAllowed',
      status: ok ? 'True' : 'False',
      reason: ok ? 'SufficientPods' : 'InsufficientPods',
      message: '',
      observedGeneration: status.observedGeneration ?? 0,
    },
    now,
  );
}
