/**
 * The endpoints and endpointslice controllers, as one: for every Service with a selector they
 * keep an Endpoints object of the same name (ready Pods under `addresses`, others under
 * `notReadyAddresses`) and one EndpointSlice (`<service>-<suffix>`, owned by the Service) in
 * step with the Pods it selects. Objects are written only when their content changes, so
 * Pod status churn that does not affect a Service costs nothing.
 */
import type { Cluster } from '../../cluster.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { matches, selectorFromSet } from '../../api/labels.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import { backends, podPorts, targetRef, type Backend, type EndpointPort } from './desired.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const ENDPOINT_CONTROLLER = 'endpoint-controller';
const SLICES = 'endpointslices.discovery.k8s.io';
const MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
const SLICE_MANAGER = 'endpointslice-controller.k8s.io';
const SERVICE_NAME = 'kubernetes.io/service-name';
const HEADLESS = 'service.kubernetes.io/headless';

/** Whether this Service's endpoints are computed from Pods (it has a selector and is not ExternalName). */
function managed(svc: KubeObject): boolean {
  const sel = svc.spec?.selector as Record<string, string> | undefined;
  return !!sel && Object.keys(sel).length > 0 && svc.spec?.type !== 'ExternalName';
}

function serviceLabels(svc: KubeObject): Record<string, string> {
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  if (svc.spec?.clusterIP === 'None') labels[HEADLESS] = '';
  return labels;
}

const endpointPort = (p: EndpointPort): Obj => ({ ...(p.name ? { name: p.name } : {}), port: p.port, protocol: p.protocol });

/** Endpoints subsets: one per distinct port list, addresses sorted by IP. */
export function subsetsFor(svc: KubeObject, list: Backend[]): Obj[] {
  const byPorts = new Map<string, Obj>();
  for (const b of list) {
    const ports = podPorts(svc, b.pod);
    if (!ports.length && !portlessHeadless(svc)) continue;
    const key = JSON.stringify(ports);
    let subset = byPorts.get(key);
    if (!subset) byPorts.set(key, (subset = { ports: ports.map(endpointPort) }));
    const host = hostnameFor(svc, b.pod);
    const address = { ip: b.ip, ...(host ? { hostname: host } : {}), ...(b.pod.spec?.nodeName ? { nodeName: b.pod.spec.nodeName } : {}), targetRef: targetRef(b.pod) };
    const field = b.ready ? 'addresses' : 'notReadyAddresses';
    (subset[field] ??= []).push(address);
  }
  // Field order as the API server returns it: addresses, notReadyAddresses, ports.
  return [...byPorts.values()].map((s) => ({
    ...(s.addresses ? { addresses: s.addresses } : {}),
    ...(s.notReadyAddresses ? { notReadyAddresses: s.notReadyAddresses } : {}),
    ...(s.ports.length ? { ports: s.ports } : {}),
  }));
}

/** A headless Service without ports still lists its Pods (for DNS), with no ports. */
function portlessHeadless(svc: KubeObject): boolean {
  return svc.spec?.clusterIP === 'None' && !(svc.spec?.ports ?? []).length;
}

/** The DNS hostname of a Pod in this Service's endpoints: set when the Pod names the Service as its subdomain. */
export function hostnameFor(svc: KubeObject, pod: KubeObject): string | undefined {
  const h = pod.spec?.hostname;
  return h && pod.spec?.subdomain === svc.metadata.name && pod.metadata.namespace === svc.metadata.namespace ? String(h) : undefined;
}

/** The EndpointSlice body (endpoints and ports) for the Service's Pods. */
export function sliceContent(svc: KubeObject, list: Backend[]): { endpoints: Obj[] | undefined; ports: Obj[] | undefined } {
  const withPorts = list.filter((b) => podPorts(svc, b.pod).length || portlessHeadless(svc));
  if (!withPorts.length) return { endpoints: undefined, ports: undefined };
  const mapped = podPorts(svc, withPorts[0]!.pod).map((p) => ({ name: p.name, port: p.port, protocol: p.protocol }));
  const ports = mapped.length ? mapped : undefined;
  const endpoints = withPorts.map((b) => ({
    addresses: [b.ip],
    conditions: { ready: b.ready, serving: b.ready || (b.terminating && isPodReadyCondition(b.pod)), terminating: b.terminating },
    ...(hostnameFor(svc, b.pod) ? { hostname: hostnameFor(svc, b.pod) } : {}),
    ...(b.pod.spec?.nodeName ? { nodeName: b.pod.spec.nodeName } : {}),
    targetRef: targetRef(b.pod),
  }));
  return { endpoints, ports };
}

function isPodReadyCondition(pod: KubeObject): boolean {
  return ((pod.status?.conditions as Obj[] | undefined) ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** Comparable form of a list: order-insensitive, as the real controllers repack and sort. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as Obj).sort().map((k) => `${k}:${canonical((v as Obj)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** The controller; add it with `cluster.addController`. */
export function endpointsController(cluster: Cluster): Controller {
  const api = cluster.api;

  function servicesSelecting(pod: KubeObject): string[] {
    return api
      .list('services', { namespace: pod.metadata.namespace })
      .filter((s) => managed(s) && matches(selectorFromSet(s.spec.selector), pod.metadata.labels))
      .map(keyOf);
  }

  function syncEndpoints(svc: KubeObject, list: Backend[]): void {
    const ns = svc.metadata.namespace!;
    const name = svc.metadata.name!;
    const subsets = subsetsFor(svc, list);
    const labels = serviceLabels(svc);
    const existing = api.tryGet('endpoints', ns, name);
    if (existing && canonical(existing.subsets ?? []) === canonical(subsets) && canonical(existing.metadata.labels ?? {}) === canonical(labels)) return;
    const metadata = {
      ...(existing?.metadata ?? { name, namespace: ns }),
      labels,
      annotations: { ...(existing?.metadata.annotations ?? {}), 'endpoints.kubernetes.io/last-change-trigger-time': isoTime(cluster.clock.now()) },
    };
    const body: KubeObject = { apiVersion: 'v1', kind: 'Endpoints', metadata, ...(subsets.length ? { subsets } : {}) };
    if (existing) api.update('endpoints', body);
    else api.create('endpoints', body);
  }

  function syncSlice(svc: KubeObject, list: Backend[]): void {
    const ns = svc.metadata.namespace!;
    const name = svc.metadata.name!;
    const mine = api
      .list(SLICES, { namespace: ns })
      .filter((s) => s.metadata.labels?.[SERVICE_NAME] === name && s.metadata.labels?.[MANAGED_BY] === SLICE_MANAGER);
    const { endpoints, ports } = sliceContent(svc, list);
    const labels = { ...serviceLabels(svc), [MANAGED_BY]: SLICE_MANAGER, [SERVICE_NAME]: name };
    const [first, ...extra] = mine;
    for (const s of extra) api.delete(SLICES, ns, s.metadata.name!);
    if (first && canonical(first.endpoints ?? []) === canonical(endpoints ?? []) && canonical(first.ports ?? []) === canonical(ports ?? []) && canonical(first.metadata.labels) === canonical(labels)) return;
    const owner = { apiVersion: 'v1', kind: 'Service', name, uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true };
    // Like Endpoints, a slice records when the change that rewrote it happened.
    const annotations = { ...(first?.metadata.annotations ?? {}), 'endpoints.kubernetes.io/last-change-trigger-time': isoTime(cluster.clock.now()) };
    const metadata = first ? { ...first.metadata, labels, annotations } : { annotations, generateName: `${name}-`, namespace: ns, labels, ownerReferences: [owner] };
    const body: KubeObject = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata,
      addressType: 'IPv4',
      ...(endpoints ? { endpoints } : {}),
      ...(ports ? { ports } : {}),
    } as KubeObject;
    if (first) api.update(SLICES, body);
    else api.create(SLICES, body);
  }

  function removeFor(ns: string, name: string): void {
    if (api.tryGet('endpoints', ns, name)) api.delete('endpoints', ns, name);
    for (const s of api.list(SLICES, { namespace: ns })) {
      if (s.metadata.labels?.[SERVICE_NAME] === name && s.metadata.labels?.[MANAGED_BY] === SLICE_MANAGER) api.delete(SLICES, ns, s.metadata.name!);
    }
  }

  return {
    name: ENDPOINT_CONTROLLER,
    watches: [
      { resource: 'services', keys: (e) => [keyOf(e.object)] },
      { resource: 'pods', keys: (e) => servicesSelecting(e.object), coalesceMs: 50 },
    ],
    initialKeys: () => api.list('services').map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const ns = namespace ?? 'default';
      const svc = api.tryGet('services', ns, name);
      if (!svc || svc.metadata.deletionTimestamp) {
        removeFor(ns, name);
        return;
      }
      if (!managed(svc)) return;
      const pods = api.list('pods', { namespace: ns }).filter((p) => matches(selectorFromSet(svc.spec.selector), p.metadata.labels));
      syncEndpoints(svc, backends(svc, pods, false));
      syncSlice(svc, backends(svc, pods, true));
    },
  };
}
