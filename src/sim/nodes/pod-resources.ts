/**
 * Resource arithmetic the scheduler and node views share: what a Pod asks for, in plain
 * numbers (cpu in millicores, memory and storage in bytes, everything else as a count).
 */
import type { KubeObject } from '../api/types.ts';

const SUFFIX: Record<string, number> = {
  n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4, Pi: 1024 ** 5, Ei: 1024 ** 6,
};

/**
 * The numeric value of a Kubernetes quantity (`100m` -> 0.1, `1Gi` -> 1073741824, `1e3` -> 1000).
 * Returns NaN for text that is not a quantity; numbers pass through.
 */
export function quantityValue(q: unknown): number {
  if (typeof q === 'number') return q;
  if (typeof q !== 'string') return NaN;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/.exec(q.trim());
  if (!m) return NaN;
  const base = Number(m[1]);
  if (m[2]) return base * Math.pow(10, Number(m[2].slice(1)));
  return base * SUFFIX[m[3] ?? '']!;
}

/** Converts a quantity of `resource` to the unit used in arithmetic here (cpu: millicores). */
export function resourceAmount(resource: string, q: unknown): number {
  const v = quantityValue(q);
  if (!Number.isFinite(v)) return 0;
  return resource === 'cpu' ? Math.round(v * 1000) : v;
}

export type ResourceList = Record<string, number>;

function containerRequests(c: { resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> } }): ResourceList {
  const out: ResourceList = {};
  const req = c.resources?.requests ?? {};
  const lim = c.resources?.limits ?? {};
  // The API server defaults a missing request to the limit; do the same for objects that skipped defaulting.
  for (const k of new Set([...Object.keys(req), ...Object.keys(lim)])) {
    out[k] = resourceAmount(k, req[k] ?? lim[k]);
  }
  return out;
}

/**
 * What a Pod requests, as the scheduler counts it: the sum over app containers, raised to the
 * largest init container where that is bigger, plus pod overhead.
 */
export function podRequests(pod: KubeObject): ResourceList {
  // Stored objects are frozen, so a result per object can never go stale.
  const cached = requestsCache.get(pod);
  if (cached) return cached;
  const total: ResourceList = {};
  for (const c of pod.spec?.containers ?? []) {
    for (const [k, v] of Object.entries(containerRequests(c))) total[k] = (total[k] ?? 0) + v;
  }
  for (const c of pod.spec?.initContainers ?? []) {
    for (const [k, v] of Object.entries(containerRequests(c))) total[k] = Math.max(total[k] ?? 0, v);
  }
  for (const [k, v] of Object.entries((pod.spec?.overhead ?? {}) as Record<string, unknown>)) {
    total[k] = (total[k] ?? 0) + resourceAmount(k, v);
  }
  if (Object.isFrozen(pod)) requestsCache.set(pod, Object.freeze(total));
  return total;
}

const requestsCache = new WeakMap<KubeObject, ResourceList>();
const allocatableCache = new WeakMap<KubeObject, ResourceList>();

/** A node's allocatable resources (falling back to capacity) in the same units. */
export function nodeAllocatable(node: KubeObject): ResourceList {
  const cached = allocatableCache.get(node);
  if (cached) return cached;
  const src = (node.status?.allocatable ?? node.status?.capacity ?? {}) as Record<string, unknown>;
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(src)) out[k] = resourceAmount(k, v);
  if (Object.isFrozen(node)) allocatableCache.set(node, Object.freeze(out));
  return out;
}

/** Whether a Pod has finished for good (its resources are free again). */
export function podIsTerminal(pod: KubeObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}
