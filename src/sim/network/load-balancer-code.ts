/**
 * cloud-provider-kind's service controller at work (load-balancer.ts has the add-on): gives a
 * LoadBalancer Service the next free address on the kind network, with the service-controller's
 * events, and takes it back when the Service stops being one. Loads with the add-on's enable.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';

const SOURCE = { component: 'service-controller' };

/** Addresses on the kind network already taken (nodes and other load balancers). */
export function usedKindAddresses(cluster: Cluster): Set<string> {
  const used = new Set<string>(['172.18.0.1']);
  for (const n of cluster.store.list('nodes')) for (const a of n.status?.addresses ?? []) if (a.type === 'InternalIP') used.add(a.address);
  for (const s of cluster.store.list('services')) for (const i of s.status?.loadBalancer?.ingress ?? []) if (i.ip) used.add(i.ip);
  return used;
}

function nextAddress(cluster: Cluster): string {
  const used = usedKindAddresses(cluster);
  for (let i = 2; i < 255; i++) if (!used.has(`172.18.0.${i}`)) return `172.18.0.${i}`;
  return '172.18.0.254';
}

/** Whether the provider serves `s` (a LoadBalancer Service with no other class). */
export function isLoadBalancer(s: KubeObject): boolean {
  return s.spec?.type === 'LoadBalancer' && !s.spec?.loadBalancerClass;
}

/** One reconcile of the Service `key` (`namespace/name`) while the provider runs. */
export function reconcileService(cluster: Cluster, key: string): void {
  const [ns, name] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
  const svc = cluster.store.get('services', ns, name);
  if (!svc || svc.metadata.deletionTimestamp) return;
  const ingress = svc.status?.loadBalancer?.ingress ?? [];
  if (!isLoadBalancer(svc)) {
    if (ingress.length) cluster.api.modifyStatus('services', ns, name, (o) => void (o.status = { loadBalancer: {} }));
    return;
  }
  if (ingress.length) return;
  cluster.events.record(svc, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer', SOURCE);
  const ip = nextAddress(cluster);
  cluster.api.modifyStatus('services', ns, name, (o) => void (o.status = { loadBalancer: { ingress: [{ ip, ipMode: 'Proxy' }] } }));
  cluster.events.record(svc, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer', SOURCE);
}
