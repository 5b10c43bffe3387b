/**
 * Taints and tolerations, as the scheduler and the taint-eviction controller match them
 * (k8s.io/api/core/v1 Toleration.ToleratesTaint).
 */

export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/**
 * Whether one toleration tolerates a taint: an empty effect matches every effect, an empty
 * key with `Exists` matches every key, `Equal` (the default operator) also compares values.
 */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (!t.key && t.operator !== 'Exists') return false;
  if (t.operator === 'Exists') return true;
  return (t.value ?? '') === (taint.value ?? '');
}

/** The first taint with one of `effects` that no toleration tolerates, if any. */
export function firstUntolerated(taints: Taint[], tolerations: Toleration[], effects: string[]): Taint | undefined {
  return taints.find((taint) => effects.includes(taint.effect) && !tolerations.some((t) => toleratesTaint(t, taint)));
}
