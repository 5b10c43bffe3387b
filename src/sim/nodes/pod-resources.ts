/**
 * Resource arithmetic the scheduler and node views share: what a Pod asks for, in plain
 * numbers (cpu in millicores, memory and storage in bytes, everything else as a count).
 */
import { milliValue, parseQuantity, quantityValue } from '../api/quantity.ts';
import type { KubeObject } from '../api/types.ts';

/**
 * A quantity of `resource` in the unit used in arithmetic here: millicores for cpu, whole
 * units (bytes, counts) otherwise, rounded up as Kubernetes does. Text that is not a
 * quantity counts as 0 (admission rejects such objects; this only guards odd stored data).
 */
export function resourceAmount(resource: string, q: unknown): number {
  if (typeof q !== 'string' && typeof q !== 'number') return 0;
  try {
    const parsed = parseQuantity(q);
    return resource === 'cpu' ? milliValue(parsed) : quantityValue(parsed);
  } catch {
    return 0;
  }
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
