/**
 * What an object counts against a ResourceQuota (the quota evaluators of pkg/quota/v1):
 * a Pod counts `pods`, `count/pods` and its compute requests and limits (the sum over
 * containers, or the largest init container if that is larger); any other kind counts one
 * `count/<resource>` and, for the core kinds that have one, its legacy name (`services`,
 * `configmaps`, `secrets`, ...).
 */
import { addQuantity, compareQuantity, parseQuantity, type Quantity } from '../../api/quantity.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Container, PersistentVolumeClaim, Pod, Service } from '../generated-types.ts';

/** Resource name -> quantity. */
export type Usage = Map<string, Quantity>;

const ONE = parseQuantity('1');
const ZERO = parseQuantity('0');

/** Core kinds quota can count under their bare plural as well as `count/<plural>`. */
const LEGACY_COUNTS = new Set(['pods', 'services', 'configmaps', 'secrets', 'persistentvolumeclaims', 'replicationcontrollers', 'resourcequotas']);

/** The compute resources a Pod's containers declare: `requests.cpu` (= `cpu`), `limits.memory`, ... */
const COMPUTE = ['cpu', 'memory', 'ephemeral-storage'];

function sumOver(containers: Container[], field: 'requests' | 'limits', name: string): Quantity | undefined {
  let total: Quantity | undefined;
  for (const c of containers) {
    const v = c.resources?.[field]?.[name];
    if (v === undefined) continue;
    const q = parseQuantity(v);
    total = total ? addQuantity(total, q) : q;
  }
  return total;
}

function maxOver(containers: Container[], field: 'requests' | 'limits', name: string): Quantity | undefined {
  let best: Quantity | undefined;
  for (const c of containers) {
    const v = c.resources?.[field]?.[name];
    if (v === undefined) continue;
    const q = parseQuantity(v);
    if (!best || compareQuantity(q, best) > 0) best = q;
  }
  return best;
}

/** The effective request or limit of a Pod for one resource: max(sum of containers, largest init container). */
function podAmount(pod: Pod, field: 'requests' | 'limits', name: string): Quantity | undefined {
  const sum = sumOver(pod.spec?.containers ?? [], field, name);
  const init = maxOver(pod.spec?.initContainers ?? [], field, name);
  if (!sum) return init;
  if (!init) return sum;
  return compareQuantity(init, sum) > 0 ? init : sum;
}

/** Whether a Pod still counts (QuotaV1Pod): Succeeded and Failed Pods free their quota. */
export function podCounts(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

/** The usage one Pod charges. */
export function podUsage(pod: Pod): Usage {
  const u: Usage = new Map([
    ['pods', ONE],
    ['count/pods', ONE],
  ]);
  for (const name of COMPUTE) {
    const req = podAmount(pod, 'requests', name);
    const lim = podAmount(pod, 'limits', name);
    if (req) {
      u.set(`requests.${name}`, req);
      u.set(name, req);
    }
    if (lim) u.set(`limits.${name}`, lim);
  }
  return u;
}

/** The usage one object of store key `resource` charges. */
export function objectUsage(resource: string, obj: KubeObject): Usage {
  if (resource === 'pods') return podUsage(obj);
  const u: Usage = new Map([[`count/${resource}`, ONE]]);
  if (LEGACY_COUNTS.has(resource)) u.set(resource, ONE);
  if (resource === 'services') {
    const svc: Service = obj;
    if (svc.spec?.type === 'NodePort' || svc.spec?.type === 'LoadBalancer') u.set('services.nodeports', parseQuantity(String((svc.spec?.ports ?? []).length)));
    if (svc.spec?.type === 'LoadBalancer') u.set('services.loadbalancers', ONE);
  }
  if (resource === 'persistentvolumeclaims') {
    const pvc: PersistentVolumeClaim = obj;
    const storage = pvc.spec?.resources?.requests?.storage;
    if (storage !== undefined) u.set('requests.storage', parseQuantity(storage));
  }
  return u;
}

/** The store key a quota resource name counts (`count/deployments.apps` -> `deployments.apps`, `cpu` -> `pods`). */
export function countedResource(name: string): string | undefined {
  if (name.startsWith('count/')) return name.slice('count/'.length);
  if (LEGACY_COUNTS.has(name)) return name;
  if (name.startsWith('services.')) return 'services';
  if (name === 'requests.storage') return 'persistentvolumeclaims';
  const bare = name.replace(/^(requests|limits)\./, '');
  return COMPUTE.includes(bare) ? 'pods' : undefined;
}

/** a + b over every resource either holds. */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) out.set(k, out.has(k) ? addQuantity(out.get(k)!, v) : v);
  return out;
}

/** The zero quantity. */
export { ZERO };
