/**
 * What CoreDNS and kube-proxy do for a request from inside a Pod: a Service name (`web`,
 * `web.ns`, `web.ns.svc`, `web.ns.svc.cluster.local`, resolved through the Pod's DNS search
 * list) or a ClusterIP leads to one of the Service's ready endpoints (from its Endpoints
 * object), the Service port mapped to the endpoint's port. Backends are picked in turn.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import type { ServiceResolver } from './network.ts';

const DOMAIN = 'cluster.local';

function serviceForName(cluster: Cluster, host: string, namespace: string): KubeObject | undefined {
  const name = host.replace(/\.$/, '');
  const parts = name.split('.');
  // Search list: <ns>.svc.cluster.local, svc.cluster.local, cluster.local, then the name as is.
  const candidates: [string, string][] = [];
  if (parts.length === 1) candidates.push([namespace, parts[0]!]);
  if (parts.length === 2 || (parts.length === 3 && parts[2] === 'svc') || (parts.length === 5 && name.endsWith(`.svc.${DOMAIN}`))) candidates.push([parts[1]!, parts[0]!]);
  for (const [ns, svc] of candidates) {
    const found = cluster.store.get('services', ns, svc);
    if (found) return found;
  }
  return undefined;
}

function serviceForIP(cluster: Cluster, ip: string): KubeObject | undefined {
  return cluster.store.list('services').find((s) => s.spec?.clusterIP === ip);
}

/** The resolver pod networking uses when no other module installed one. */
export function clusterServiceResolver(cluster: Cluster): ServiceResolver {
  const turn = new Map<string, number>();
  return (host, port, namespace) => {
    const isIP = /^\d+\.\d+\.\d+\.\d+$/.test(host);
    const svc = isIP ? serviceForIP(cluster, host) : serviceForName(cluster, host, namespace);
    if (!svc) return undefined;
    const clusterIP: string = svc.spec?.clusterIP ?? '';
    const sp = (svc.spec?.ports ?? []).find((p: { port: number }) => p.port === port);
    const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
    type Subset = { addresses?: { ip: string }[]; ports?: { name?: string; port: number }[] };
    const subsets = (cluster.store.get('endpoints', svc.metadata.namespace ?? '', svc.metadata.name!)?.subsets ?? []) as Subset[];
    const backends: { ip: string; port: number }[] = [];
    for (const s of subsets) {
      const ep = sp ? s.ports?.find((p) => (p.name ?? '') === (sp.name ?? '')) ?? (s.ports?.length === 1 ? s.ports[0] : undefined) : undefined;
      // A headless Service resolves to the Pod IPs themselves, on the port asked for.
      const target = clusterIP === 'None' ? port : ep?.port;
      if (target === undefined) continue;
      for (const a of s.addresses ?? []) backends.push({ ip: a.ip, port: target });
    }
    // No ready endpoint (or no such port): kube-proxy rejects, the client sees "connection refused".
    if (!backends.length) return { ip: clusterIP === 'None' ? host : clusterIP, port };
    const i = turn.get(key) ?? 0;
    turn.set(key, i + 1);
    return { ...backends[i % backends.length]!, via: clusterIP === 'None' ? undefined : clusterIP };
  };
}
