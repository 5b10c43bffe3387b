/**
 * Where the controller sends a request for a Service backend: straight to the Service's ready
 * endpoints (ingress-nginx proxies to Pod IPs, not to the ClusterIP). As ingress-nginx 1.x
 * does, it reads the Service's EndpointSlices (every slice labelled with the Service's name),
 * not its Endpoints, so it sees every backend where Endpoints stop at 1,000. This is the
 * add-on's one view of the network model: everything else reaches Pods through the
 * requesting Pod's own `fetch`.
 */
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import type { Kubelet } from '../../kubelet/kubelet.ts';
import type { ServiceBackend } from './routing.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** One upstream server: a ready endpoint address on the port the Service port maps to. */
export interface Upstream {
  ip: string;
  port: number;
}

const SLICES = 'endpointslices.discovery.k8s.io';
const SERVICE_NAME = 'kubernetes.io/service-name';

/** The Service port an Ingress backend names, by number or by name. */
function backendPort(svc: KubeObject, b: ServiceBackend): Obj | undefined {
  return ((svc.spec?.ports ?? []) as Obj[]).find((p) => (b.port.number ? p.port === b.port.number : p.name === b.port.name));
}

/** The Service's EndpointSlices, found by their `kubernetes.io/service-name` label. */
function slicesOf(cluster: Cluster, namespace: string, name: string): KubeObject[] {
  return cluster.store.list(SLICES, namespace).filter((s) => s.metadata.labels?.[SERVICE_NAME] === name);
}

/**
 * The ports of one slice that serve the Service port `sp` (getEndpointsFromSlices): a slice
 * without ports uses a numeric targetPort; otherwise each TCP port of the slice whose name is
 * the Service port's (any port when the Service port has no name), falling back to a numeric
 * targetPort when no name matches.
 */
export function slicePorts(slice: KubeObject, sp: Obj): number[] {
  const numericTarget = typeof sp.targetPort === 'number' ? sp.targetPort : sp.targetPort === undefined ? Number(sp.port) : undefined;
  const ports = (slice.ports as Obj[] | undefined) ?? [];
  if (!ports.length) return numericTarget !== undefined ? [numericTarget] : [];
  const out: number[] = [];
  for (const p of ports) {
    if ((p.protocol ?? 'TCP') !== (sp.protocol ?? 'TCP')) continue;
    let port = !sp.name || sp.name === (p.name ?? '') ? Number(p.port ?? 0) : 0;
    if (!port && numericTarget !== undefined) port = numericTarget;
    if (port) out.push(port);
  }
  return out;
}

/**
 * The upstream servers of a set of slices: every address of every endpoint whose `ready`
 * condition is not false (unset means ready, as the API says), on each port the slice maps
 * the Service port to, once each. ingress-nginx looks at `ready` only, never at `serving`
 * or `terminating`: a serving-but-terminating endpoint (ready=false) is left out even when no
 * other endpoint is left, where kube-proxy would still use it.
 * ingress-nginx hands the balancer the endpoints in lister order, which has no set order;
 * here they come in IP order, so the round-robin turn does not depend on how the endpoints
 * happen to be spread over slices or placed inside them.
 */
export function upstreamsFromSlices(slices: KubeObject[], sp: Obj): Upstream[] {
  const seen = new Set<string>();
  const out: Upstream[] = [];
  for (const slice of slices) {
    const ports = slicePorts(slice, sp);
    for (const ep of (slice.endpoints as Obj[] | undefined) ?? []) {
      if (ep.conditions?.ready === false) continue;
      for (const port of ports) {
        for (const ip of (ep.addresses as string[] | undefined) ?? []) {
          const key = `${ip}:${port}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ ip: String(ip), port });
        }
      }
    }
  }
  return out.sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : a.port - b.port));
}

/** Upstreams by slice versions: stored objects are replaced on change, so equal versions mean equal slices. */
const upstreamCache = new WeakMap<Cluster, Map<string, { versions: string; upstreams: Upstream[] }>>();

/** The backend's ready endpoints (`ip`, `port`); undefined when the Service does not exist. */
export function serviceEndpoints(cluster: Cluster, b: ServiceBackend): Upstream[] | undefined {
  const svc = cluster.store.get('services', b.namespace, b.name);
  if (!svc) return undefined;
  const sp = backendPort(svc, b);
  if (!sp) return [];
  const slices = slicesOf(cluster, b.namespace, b.name);
  const key = `${b.namespace}/${b.name}/${svc.metadata.resourceVersion}/${b.port.number ?? ''}/${b.port.name ?? ''}`;
  const versions = slices.map((s) => s.metadata.resourceVersion).join(',');
  let byKey = upstreamCache.get(cluster);
  if (!byKey) upstreamCache.set(cluster, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.versions === versions) return hit.upstreams;
  const upstreams = upstreamsFromSlices(slices, sp);
  byKey.set(key, { versions, upstreams });
  return upstreams;
}

/** Whether a running container of the Pod at `ip` listens on `port` (read only: nothing is sent). */
export function podListens(cluster: Cluster, ip: string, port: number): boolean {
  const kubelets = cluster.extensions.get('kubelets') as Map<string, Kubelet> | undefined;
  for (const k of kubelets?.values() ?? []) {
    const rt = k.runtimeByIP(ip);
    if (rt) return rt.containers.some((c) => c.step === 'running' && !!c.probes?.ports.has(port));
  }
  return false;
}
