/**
 * APIService (apiregistration.k8s.io/v1), as the aggregator keeps it: the availability
 * controller sets the Available condition of each APIService backed by a Service (True once
 * the Service has a ready endpoint, MissingEndpoints / ServiceNotFound before), and
 * `kubectl get apiservice` prints NAME, SERVICE, AVAILABLE, AGE. Add-ons register them
 * (metrics-server's v1beta1.metrics.k8s.io).
 */
import type { Cluster } from '../../cluster.ts';
import type { APIService } from '../generated-types.ts';
import { isoTime } from '../../api/types.ts';
import { age } from '../../apiserver/tables/table.ts';
import type { Installer } from '../../installer.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';

const APISERVICES = 'apiservices.apiregistration.k8s.io';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The Available condition an APIService should have now: [status, reason, message]. */
export function availability(cluster: Cluster, svc: APIService): [string, string, string] {
  const ref = svc.spec?.service;
  if (!ref?.name) return ['True', 'Local', 'Local APIServices are always available'];
  const ns = ref.namespace ?? 'default';
  const service = cluster.store.get('services', ns, ref.name);
  if (!service) return ['False', 'ServiceNotFound', `service/${ref.name} in "${ns}" is not present`];
  const ep = cluster.store.get('endpoints', ns, ref.name);
  const ready = ((ep?.subsets ?? []) as Obj[]).some((s) => (s.addresses ?? []).length > 0);
  if (!ready) {
    const port = ((service.spec?.ports ?? []) as Obj[])[0]?.name;
    return ['False', 'MissingEndpoints', `endpoints for service/${ref.name} in "${ns}" have no addresses${port ? ` with port name "${port}"` : ''}`];
  }
  return ['True', 'Passed', 'all checks passed'];
}

function availabilityController(cluster: Cluster): Controller {
  const api = cluster.api;
  const all = () => api.list(APISERVICES).map(keyOf);
  return {
    name: 'apiservice-availability-controller',
    watches: [
      { resource: APISERVICES, keys: (e) => [keyOf(e.object)] },
      { resource: 'endpoints', keys: all },
      { resource: 'services', keys: all },
    ],
    initialKeys: all,
    reconcile(key) {
      const { name } = splitKey(key);
      const svc = api.tryGet(APISERVICES, undefined, name);
      if (!svc || svc.metadata.deletionTimestamp) return;
      const [status, reason, message] = availability(cluster, svc);
      const old = ((svc.status?.conditions ?? []) as Obj[]).find((c) => c.type === 'Available');
      if (old && old.status === status && old.reason === reason && old.message === message) return;
      const time = old && old.status === status ? old.lastTransitionTime : isoTime(cluster.clock.now());
      api.modifyStatus(APISERVICES, undefined, name, (o) => {
        o.status = { conditions: [{ type: 'Available', status, lastTransitionTime: time, reason, message }] };
      });
    },
  };
}

/** APIServices: the `get apiservice` table and the availability controller. */
export const APISERVICES_INSTALLER: Installer = {
  name: 'apiservices.apiregistration.k8s.io',
  api(api) {
    api.tables.register(APISERVICES, {
      columns: ['Name', 'Service', 'Available', 'Age'].map((name) => ({ name, priority: 0 as const })),
      row: (o, now) => {
        const ref = o.spec?.service as Obj | undefined;
        const cond = ((o.status?.conditions ?? []) as Obj[]).find((c) => c.type === 'Available');
        const available = !cond ? 'Unknown' : cond.status === 'True' ? 'True' : `${cond.status} (${cond.reason})`;
        return [o.metadata.name ?? '', ref?.name ? `${ref.namespace}/${ref.name}` : 'Local', available, age(o, now)];
      },
    });
  },
  start: (cluster) => cluster.addController(availabilityController(cluster)),
};
