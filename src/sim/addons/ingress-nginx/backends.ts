/**
 * Where the controller sends a request for a Service backend: straight to the Service's ready
 * endpoints (ingress-nginx proxies to Pod IPs, not to the ClusterIP), the Service port named
 * by number or by name mapped to the endpoint port. This is the add-on's one view of the
 * network model: everything else reaches Pods through the requesting Pod's own `fetch`.
 */
import type { Cluster } from '../../cluster.ts';
import type { Kubelet } from '../../kubelet/kubelet.ts';
import type { ServiceBackend } from './routing.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The backend's ready endpoints (`ip`, `port`); undefined when the Service does not exist. */
export function serviceEndpoints(cluster: Cluster, b: ServiceBackend): { ip: string; port: number }[] | undefined {
  const svc = cluster.store.get('services', b.namespace, b.name);
  if (!svc) return undefined;
  const sp = ((svc.spec?.ports ?? []) as Obj[]).find((p) => (b.port.number ? p.port === b.port.number : p.name === b.port.name));
  if (!sp) return [];
  const out: { ip: string; port: number }[] = [];
  for (const s of (cluster.store.get('endpoints', b.namespace, b.name)?.subsets ?? []) as Obj[]) {
    const ep = ((s.ports ?? []) as Obj[]).find((p) => (p.name ?? '') === (sp.name ?? '')) ?? (s.ports?.length === 1 ? s.ports[0] : undefined);
    if (!ep) continue;
    for (const a of (s.addresses ?? []) as Obj[]) out.push({ ip: String(a.ip), port: Number(ep.port) });
  }
  return out;
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
