/**
 * The addresses behind a Service as kube-proxy and CoreDNS see them. The network reads the
 * Service's Endpoints object, which also covers Services without a selector whose Endpoints
 * a user wrote. An Endpoints object holds at most 1,000 addresses: when the endpoints
 * controller marked it `endpoints.kubernetes.io/over-capacity: truncated`, the whole list
 * comes from the Service's EndpointSlices instead, as kube-proxy reads them.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const SLICES = 'endpointslices.discovery.k8s.io';
const OVER_CAPACITY = 'endpoints.kubernetes.io/over-capacity';

const sliceCache = new WeakMap<object, { key: string; subsets: Obj[] }>();

/**
 * The Endpoints-shaped subsets of the Service `ep` belongs to: `ep.subsets`, or, for a
 * truncated Endpoints, subsets rebuilt from every EndpointSlice of the Service (ready
 * endpoints as `addresses`, one subset per slice). The result is shared and must not be changed.
 */
export function endpointSubsets(cluster: Cluster, ep: KubeObject | undefined): Obj[] {
  if (!ep) return [];
  if (ep.metadata.annotations?.[OVER_CAPACITY] !== 'truncated') return (ep.subsets ?? []) as Obj[];
  const ns = ep.metadata.namespace ?? 'default';
  const slices = cluster.store.list(SLICES, ns).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === ep.metadata.name);
  // Stored objects are replaced on change: their resourceVersions say whether the slices moved.
  const key = slices.map((s) => s.metadata.resourceVersion).join(',');
  const hit = sliceCache.get(ep);
  if (hit && hit.key === key) return hit.subsets;
  const subsets: Obj[] = [];
  for (const s of slices) {
    const addresses: Obj[] = [];
    for (const e of (s.endpoints as Obj[] | undefined) ?? []) {
      if (e.conditions?.ready === false) continue;
      for (const ip of (e.addresses as string[] | undefined) ?? [])
        addresses.push({ ip, ...(e.hostname ? { hostname: e.hostname } : {}), ...(e.targetRef ? { targetRef: e.targetRef } : {}) });
    }
    const ports = ((s.ports as Obj[] | undefined) ?? []).map((p) => ({ ...(p.name ? { name: p.name } : {}), port: p.port, protocol: p.protocol ?? 'TCP' }));
    if (addresses.length) subsets.push({ addresses, ...(ports.length ? { ports } : {}) });
  }
  sliceCache.set(ep, { key, subsets });
  return subsets;
}
