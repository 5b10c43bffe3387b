/**
 * kube-proxy's part of a request: which Service an address and port name (a ClusterIP, a
 * NodePort on any node's IP, a LoadBalancer ingress IP), and which ready endpoint of it the
 * connection goes to. Endpoints come from the Service's Endpoints object (its EndpointSlices
 * when it is over capacity or has no selector: `endpoint-subsets.ts`), so readiness,
 * selectors and targetPorts decide exactly as the endpoints controllers decided.
 *
 * As kube-proxy orders them (endpointsMapFromEndpointInfo), a port's endpoints are sorted by
 * their `ip:port` text, so how the controllers happen to order slices or subsets never decides
 * which Pod a connection reaches. When a port has no ready endpoint, kube-proxy falls back to
 * the endpoints that still serve while terminating (ProxyTerminatingEndpoints, GA in 1.28):
 * the Service's EndpointSlices list them with ready=false, serving=true, terminating=true.
 *
 * `pickServiceBackend` is the one entry point other modules (Ingress routing, port-forward)
 * use to turn "Service + port" into a Pod IP and port.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { serviceSubsets } from './endpoint-subsets.ts';

/** A Pod address a Service port forwards to. */
export interface Backend {
  ip: string;
  port: number;
  /** The Pod behind the address, when the endpoint names one. */
  pod?: string;
}

type Subset = { addresses?: { ip: string; targetRef?: { name?: string } }[]; ports?: { name?: string; port: number }[] };
type ServicePort = { name?: string; port: number; nodePort?: number; protocol?: string };

/** The Service's port entry for `port` (its `port` field), if it has one. */
export function servicePort(svc: KubeObject, port: number): ServicePort | undefined {
  return ((svc.spec?.ports ?? []) as ServicePort[]).find((p) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');
}

/**
 * The ready endpoints behind one port of a Service: each ready address of its Endpoints, on
 * the endpoint port with the Service port's name. A headless Service has no port mapping:
 * its endpoints are used on the port asked for. The list is shared and frozen.
 */
export function readyBackends(cluster: Cluster, svc: KubeObject, port: number): Backend[] {
  const headless = svc.spec?.clusterIP === 'None';
  const sp = servicePort(svc, port);
  if (!headless && !sp) return [];
  const subsets = serviceSubsets(cluster, svc) as Subset[];
  if (!subsets.length) return [];
  // Stored objects are replaced, never changed in place: one computation per Endpoints version.
  const key = `${svc.metadata.uid}/${svc.metadata.resourceVersion}/${port}`;
  let perEp = cache.get(subsets);
  if (!perEp) cache.set(subsets, (perEp = new Map()));
  const hit = perEp.get(key);
  if (hit) return hit;
  const out = Object.freeze(computeBackends(subsets, headless, sp, port)) as Backend[];
  perEp.set(key, out);
  return out;
}

const cache = new WeakMap<object, Map<string, Backend[]>>();

function computeBackends(subsets: Subset[], headless: boolean, sp: ServicePort | undefined, port: number): Backend[] {
  const out: Backend[] = [];
  for (const s of subsets) {
    const ep = headless ? { port } : (s.ports ?? []).find((p) => (p.name ?? '') === (sp!.name ?? ''));
    if (!ep) continue;
    for (const a of s.addresses ?? []) out.push({ ip: a.ip, port: ep.port, pod: a.targetRef?.name });
  }
  return byEndpointText(out);
}

/** kube-proxy's order of a port's endpoints: by their `ip:port` text, each once. */
function byEndpointText(list: Backend[]): Backend[] {
  const seen = new Set<string>();
  const keyed: [string, Backend][] = [];
  for (const b of list) {
    const k = `${b.ip}:${b.port}`;
    if (seen.has(k)) continue;
    seen.add(k);
    keyed.push([k, b]);
  }
  return keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, b]) => b);
}

type SliceEndpoint = { addresses?: string[]; conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean }; targetRef?: { name?: string } };
type SlicePort = { name?: string; port?: number; protocol?: string };

/**
 * The endpoints of one Service port that are serving but terminating, from the Service's
 * EndpointSlices: what kube-proxy uses when the port has no ready endpoint. An unset
 * `serving` counts as `ready` says (the API's rule for older writers).
 */
export function terminatingBackends(cluster: Cluster, svc: KubeObject, port: number): Backend[] {
  const headless = svc.spec?.clusterIP === 'None';
  const sp = servicePort(svc, port);
  if (!headless && !sp) return [];
  const ns = svc.metadata.namespace ?? 'default';
  const out: Backend[] = [];
  for (const slice of cluster.store.list(SLICES, ns)) {
    if (slice.metadata.labels?.[SERVICE_NAME] !== svc.metadata.name) continue;
    const ports = (slice.ports ?? []) as SlicePort[];
    const ep = headless ? { port } : ports.find((p) => (p.name ?? '') === (sp!.name ?? '') && (p.protocol ?? 'TCP') === 'TCP');
    if (!ep?.port) continue;
    for (const e of (slice.endpoints ?? []) as SliceEndpoint[]) {
      const c = e.conditions ?? {};
      const serving = c.serving ?? c.ready ?? true;
      if (c.ready !== false || !serving || c.terminating !== true) continue;
      for (const ip of e.addresses ?? []) out.push({ ip, port: ep.port, pod: e.targetRef?.name });
    }
  }
  return byEndpointText(out);
}

const SLICES = 'endpointslices.discovery.k8s.io';
const SERVICE_NAME = 'kubernetes.io/service-name';

/** A small deterministic generator per Service, so spreading requests never shifts other random draws. */
function spreader(cluster: Cluster, key: string): () => number {
  let map = cluster.extensions.get('service-spread') as Map<string, { s: number }> | undefined;
  if (!map) cluster.extensions.set('service-spread', (map = new Map()));
  let st = map.get(key);
  if (!st) {
    let h = 2166136261;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
    st = { s: h || 1 };
    map.set(key, st);
  }
  const state = st;
  return () => {
    // mulberry32
    let t = (state.s = (state.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The endpoint one new connection to `svc:port` reaches, or undefined when the port has no
 * ready endpoint and none serving while terminating (kube-proxy then rejects the connection).
 * As with kube-proxy's iptables rules, each connection picks one of those endpoints at random,
 * with equal chances.
 */
export function pickServiceBackend(cluster: Cluster, svc: KubeObject, port: number): Backend | undefined {
  let all = readyBackends(cluster, svc, port);
  if (!all.length) all = terminatingBackends(cluster, svc, port);
  if (!all.length) return undefined;
  const next = spreader(cluster, `${svc.metadata.uid ?? ''}/${port}`);
  return all[Math.floor(next() * all.length)]!;
}

/** The Service whose ClusterIP is `ip`. */
export function serviceByClusterIP(cluster: Cluster, ip: string): KubeObject | undefined {
  return cluster.store.list('services').find((s) => s.spec?.clusterIP === ip || (s.spec?.clusterIPs ?? []).includes(ip));
}

/** The Service that opened `nodePort` on every node (NodePort and LoadBalancer Services). */
export function serviceByNodePort(cluster: Cluster, nodePort: number): { svc: KubeObject; port: number } | undefined {
  for (const s of cluster.store.list('services')) {
    const p = ((s.spec?.ports ?? []) as ServicePort[]).find((x) => x.nodePort === nodePort);
    if (p) return { svc: s, port: p.port };
  }
  return undefined;
}

/** The LoadBalancer Service whose status carries ingress address `ip`. */
export function serviceByLoadBalancerIP(cluster: Cluster, ip: string): KubeObject | undefined {
  return cluster.store.list('services').find((s) => s.spec?.type === 'LoadBalancer' && (s.status?.loadBalancer?.ingress ?? []).some((i: { ip?: string }) => i.ip === ip));
}

/** Whether `ip` is one of the nodes' InternalIPs. */
export function isNodeIP(cluster: Cluster, ip: string): boolean {
  return cluster.store.list('nodes').some((n) => (n.status?.addresses ?? []).some((a: { type: string; address: string }) => a.type === 'InternalIP' && a.address === ip));
}
