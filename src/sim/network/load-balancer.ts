/**
 * LoadBalancer Services on kind. Without a provider nothing gives them an address: EXTERNAL-IP
 * stays `<pending>` for ever. The `cloud-provider-kind` add-on is what kind's documentation
 * installs (it runs on the machine hosting the nodes): for each LoadBalancer Service it starts
 * a proxy container on the kind network and writes that container's address into the
 * Service's status, with the service-controller's `EnsuringLoadBalancer` / `EnsuredLoadBalancer`
 * events. The address then forwards to the Service's ready endpoints.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { offerAddon, type Addon } from '../addons/registry.ts';
import type { Installer } from '../installer.ts';
import type { Controller } from '../runtime/controller.ts';

const FLAG = 'cloud-provider-kind';
const SOURCE = { component: 'service-controller' };

function enabled(cluster: Cluster): boolean {
  return cluster.extensions.get(FLAG) === true;
}

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

function isLoadBalancer(s: KubeObject): boolean {
  return s.spec?.type === 'LoadBalancer' && !s.spec?.loadBalancerClass;
}

/** The service controller of the cloud provider: gives LoadBalancer Services an address. */
function serviceController(cluster: Cluster): Controller {
  return {
    name: 'service-controller',
    watches: [{ resource: 'services', keys: (e) => [`${e.object.metadata.namespace}/${e.object.metadata.name}`] }],
    initialKeys: () => [],
    reconcile(key) {
      if (!enabled(cluster)) return;
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
    },
  };
}

const CLOUD_PROVIDER_KIND: Addon = {
  name: FLAG,
  summary: "kind's cloud provider: gives LoadBalancer Services an address on the kind network",
  enabled,
  enable(cluster) {
    if (enabled(cluster)) return [`${FLAG} is already running.`];
    cluster.extensions.set(FLAG, true);
    const ctl = cluster.extensions.get('service-controller') as Controller | undefined;
    for (const s of cluster.store.list('services')) if (isLoadBalancer(s)) ctl?.reconcile(`${s.metadata.namespace}/${s.metadata.name}`);
    return [`${FLAG} started: LoadBalancer Services now get an EXTERNAL-IP on the kind network (172.18.0.0/16).`];
  },
  disable(cluster) {
    if (!enabled(cluster)) return [`${FLAG} is not running.`];
    cluster.extensions.set(FLAG, false);
    return [`${FLAG} stopped: addresses already given stay until their Service is deleted.`];
  },
};

/** The cloud provider's service controller, idle until the `cloud-provider-kind` add-on is enabled. */
export const LOAD_BALANCER: Installer = {
  name: 'cloud-provider-kind',
  start(cluster) {
    const ctl = serviceController(cluster);
    cluster.addController(ctl);
    cluster.extensions.set('service-controller', ctl);
    offerAddon(cluster, CLOUD_PROVIDER_KIND);
  },
};
