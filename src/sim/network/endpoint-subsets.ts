/**
 * The addresses behind a Service as kube-proxy and CoreDNS see them. For a Service with a
 * selector the network reads its Endpoints object, which the endpoints controller keeps in
 * step with its EndpointSlices; an Endpoints object holds at most 1,000 addresses, and when
 * the controller marked it `endpoints.kubernetes.io/over-capacity: truncated`, the whole list
 * comes from the Service's EndpointSlices instead, as kube-proxy reads them. A Service
 * without a selector has only what someone wrote: kube-proxy and CoreDNS read its
 * EndpointSlices (hand-written ones, or those the mirroring controller made from a
 * hand-written Endpoints), so an Endpoints that is not mirrored routes nothing.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const SLICES = 'endpointslices.discovery.k8s.io';
const OVER_CAPACITY = 'endpoints.kubernetes.io/over-capacity';
const SERVICE_NAME = 'kubernetes.io/service-name';

const sliceCache = new WeakMap<object, { key: string; subsets: Obj[] }>();

/** Endpoints-shaped subsets of slices: ready endpoints as `addresses`, one subset per slice with any. */
function subsetsFromSlices(slices: KubeObject[]): Obj[] {
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
  return subsets;
}

/** The subsets of the slices labelled for Service `name`, computed once per set of slice versions and kept on `holder`. */
function sliceSubsets(cluster: Cluster, holder: object, ns: string, name: string): Obj[] {
  const slices = cluster.store.list(SLICES, ns).filter((s) => s.metadata.labels?.[SERVICE_NAME] === name);
  // Stored objects are replaced on change: their resourceVersions say whether the slices moved.
  const key = slices.map((s) => s.metadata.resourceVersion).join(',');
  const hit = sliceCache.get(holder);
  if (hit && hit.key === key) return hit.subsets;
  const subsets = subsetsFromSlices(slices);
  sliceCache.set(holder, { key, subsets });
  return subsets;
}

/**
 * The Endpoints-shaped subsets of the Service `ep` belongs to: `ep.subsets`, or, for a
 * truncated Endpoints, subsets rebuilt from every EndpointSlice of the Service (ready
 * endpoints as `addresses`, one subset per slice). The result is shared and must not be changed.
 */
export function endpointSubsets(cluster: Cluster, ep: KubeObject | undefined): Obj[] {
  if (!ep) return [];
  if (ep.metadata.annotations?.[OVER_CAPACITY] !== 'truncated') return (ep.subsets ?? []) as Obj[];
  return sliceSubsets(cluster, ep, ep.metadata.namespace ?? 'default', ep.metadata.name!);
}

/** Whether the Service has a selector, so that the endpoints controller writes its Endpoints from Pods. */
export function hasSelector(svc: KubeObject): boolean {
  const sel = svc.spec?.selector as Record<string, string> | undefined;
  return !!sel && Object.keys(sel).length > 0;
}

/**
 * The Endpoints-shaped subsets behind `svc`: from its Endpoints when it has a selector
 * (`endpointSubsets`), from its EndpointSlices when it has none. Shared; must not be changed.
 */
export function serviceSubsets(cluster: Cluster, svc: KubeObject): Obj[] {
  const ns = svc.metadata.namespace ?? 'default';
  if (hasSelector(svc)) return endpointSubsets(cluster, cluster.store.get('endpoints', ns, svc.metadata.name!));
  return sliceSubsets(cluster, svc, ns, svc.metadata.name!);
}
