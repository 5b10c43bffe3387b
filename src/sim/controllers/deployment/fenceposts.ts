/**
 * maxSurge / maxUnavailable arithmetic (deployment_util.go ResolveFenceposts, MaxSurge,
 * MaxUnavailable, intstr.GetScaledValueFromIntOrPercent).
 *
 * Values are an integer or a percentage of spec.replicas. Percentages of maxSurge round UP
 * and of maxUnavailable round DOWN, so a rollout never stalls for want of a surge Pod and
 * never drops below the promised availability. Worked examples:
 *
 *   replicas 10, maxSurge 25%, maxUnavailable 25%: surge ceil(2.5) = 3, unavailable
 *   floor(2.5) = 2 -> between 8 and 13 Pods during the rollout.
 *   replicas 3 (the defaults): surge ceil(0.75) = 1, unavailable floor(0.75) = 0 -> one extra
 *   Pod at a time, never fewer than 3 available.
 *   replicas 1, maxSurge 0, maxUnavailable 25%: both resolve to 0, and a rollout could never
 *   move; unavailable then becomes 1 (validation only forbids both being literally 0).
 */
import type { KubeObject } from '../../api/types.ts';

/** An IntOrString as written in a manifest: `1`, `"1"`... only `"25%"`-style strings are valid. */
export type IntOrPercent = number | string | undefined;

/**
 * The value of `v` against `total`: an integer as is, a percentage of `total` rounded up or
 * down. Returns undefined for a string that is not a percentage (validation rejects those).
 */
export function scaledValue(v: IntOrPercent, total: number, roundUp: boolean): number | undefined {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return undefined;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** Whether the Deployment uses the RollingUpdate strategy (the default). */
export function isRollingUpdate(d: KubeObject): boolean {
  return (d.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

/** [surge, unavailable] for `desired` replicas; both 0 becomes [0, 1] (see the header). */
export function resolveFenceposts(maxSurge: IntOrPercent, maxUnavailable: IntOrPercent, desired: number): [number, number] {
  const surge = scaledValue(maxSurge, desired, true) ?? 0;
  let unavailable = scaledValue(maxUnavailable, desired, false) ?? 0;
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

/** The Deployment's desired replicas (spec.replicas, defaulted to 1). */
export function desiredReplicas(d: KubeObject): number {
  return Number(d.spec?.replicas ?? 1);
}

/** How many Pods above spec.replicas a rolling update may run (0 for Recreate). */
export function maxSurge(d: KubeObject): number {
  if (!isRollingUpdate(d)) return 0;
  const ru = d.spec?.strategy?.rollingUpdate ?? {};
  return resolveFenceposts(ru.maxSurge ?? '25%', ru.maxUnavailable ?? '25%', desiredReplicas(d))[0];
}

/** How many Pods below spec.replicas may be unavailable (0 for Recreate or 0 replicas). */
export function maxUnavailable(d: KubeObject): number {
  const want = desiredReplicas(d);
  if (!isRollingUpdate(d) || want === 0) return 0;
  const ru = d.spec?.strategy?.rollingUpdate ?? {};
  const u = resolveFenceposts(ru.maxSurge ?? '25%', ru.maxUnavailable ?? '25%', want)[1];
  return Math.min(u, want);
}
