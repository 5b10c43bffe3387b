/**
 * LoadBalancer Services on kind. Without a provider nothing gives them an address: EXTERNAL-IP
 * stays `<pending>` for ever. The `cloud-provider-kind` add-on is what kind's documentation
 * installs (it runs on the machine hosting the nodes): for each LoadBalancer Service it starts
 * a proxy container on the kind network and writes that container's address into the
 * Service's status, with the service-controller's `EnsuringLoadBalancer` / `EnsuredLoadBalancer`
 * events. The address then forwards to the Service's ready endpoints.
 */
import type { Cluster } from '../cluster.ts';
import { offerAddon, type Addon } from '../addons/registry.ts';
import type { Installer } from '../installer.ts';
import type { Controller } from '../runtime/controller.ts';
import { codePart } from '../deferred/code-part.ts';

/** The controller's work, loaded with the add-on's first enable. */
const LB_CODE = codePart('cloud-provider-kind', () => import('./load-balancer-code.ts'));

const FLAG = 'cloud-provider-kind';

function enabled(cluster: Cluster): boolean {
  return cluster.extensions.get(FLAG) === true;
}

/** The service controller of the cloud provider: gives LoadBalancer Services an address (load-balancer-code.ts). */
function serviceController(cluster: Cluster): Controller {
  return {
    name: 'service-controller',
    watches: [{ resource: 'services', keys: (e) => [`${e.object.metadata.namespace}/${e.object.metadata.name}`] }],
    initialKeys: () => [],
    reconcile(key) {
      // Enabled only once the add-on's code is there (its `code`, loaded before `enable`).
      if (enabled(cluster)) cluster.code.loaded(LB_CODE)?.reconcileService(cluster, key);
    },
  };
}

const CLOUD_PROVIDER_KIND: Addon = {
  name: FLAG,
  summary: "kind's cloud provider: gives LoadBalancer Services an address on the kind network",
  enabled,
  code: LB_CODE,
  enable(cluster) {
    if (enabled(cluster)) return [`${FLAG} is already running.`];
    cluster.extensions.set(FLAG, true);
    const ctl = cluster.extensions.get('service-controller') as Controller | undefined;
    const code = cluster.code.loaded(LB_CODE);
    for (const s of cluster.store.list('services')) if (code?.isLoadBalancer(s)) ctl?.reconcile(`${s.metadata.namespace}/${s.metadata.name}`);
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
  code: [LB_CODE],
  start(cluster) {
    const ctl = serviceController(cluster);
    cluster.addController(ctl);
    cluster.extensions.set('service-controller', ctl);
    offerAddon(cluster, CLOUD_PROVIDER_KIND);
  },
};
