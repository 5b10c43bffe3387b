/**
 * The resource quota controller: keeps each ResourceQuota's status (`hard` copied from the
 * spec, `used` recounted from the objects in its namespace) in step with what exists, so usage
 * the admission plugin charged is released when Pods finish or are deleted.
 */
import type { Cluster } from '../../cluster.ts';
import { formatQuantity, parseQuantity } from '../../api/quantity.ts';
import type { KubeObject } from '../../api/types.ts';
import type { ResourceQuota, ResourceQuotaStatus } from '../generated-types.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import { addUsage, countedResource, objectUsage, podCounts, ZERO, type Usage } from './usage.ts';
import { QUOTAS } from './admission.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const QUOTA_CONTROLLER = 'resourcequota-controller';

/** Kinds whose changes can move a quota's usage. */
const WATCHED = ['pods', 'services', 'configmaps', 'secrets', 'persistentvolumeclaims', 'replicationcontrollers', 'resourcequotas'];

const sorted = (o: Obj): Obj =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

/** The status a quota should have given the objects in its namespace. */
export function quotaStatus(cluster: Cluster, quota: ResourceQuota): ResourceQuotaStatus {
  const hard = quota.spec?.hard ?? {};
  const ns = quota.metadata.namespace;
  const byResource = new Map<string, Usage>();
  const used: Record<string, string> = {};
  for (const name of Object.keys(hard)) {
    const resource = countedResource(name);
    let total: Usage | undefined = resource ? byResource.get(resource) : undefined;
    if (resource && !total) {
      total = new Map();
      let objects: KubeObject[] = [];
      try {
        objects = cluster.api.list(resource, { namespace: ns });
      } catch {
        objects = [];
      }
      for (const o of objects) if (resource !== 'pods' || podCounts(o)) total = addUsage(total, objectUsage(resource, o));
      byResource.set(resource, total);
    }
    used[name] = formatQuantity(total?.get(name) ?? ZERO);
  }
  return { hard: sorted(Object.fromEntries(Object.entries(hard).map(([k, v]) => [k, formatQuantity(parseQuantity(v))]))), used: sorted(used) };
}

/** The controller for one cluster. */
export function resourceQuotaController(cluster: Cluster): Controller {
  const api = cluster.api;
  const quotasIn = (ns: string | undefined): string[] => (ns ? api.list(QUOTAS, { namespace: ns }).map(keyOf) : []);
  return {
    name: QUOTA_CONTROLLER,
    watches: WATCHED.map((resource) => ({ resource, keys: (e) => quotasIn(e.object.metadata.namespace) })),
    initialKeys: () => api.list(QUOTAS).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const quota = api.tryGet(QUOTAS, namespace, name);
      if (!quota || quota.metadata.deletionTimestamp) return;
      const status = quotaStatus(cluster, quota);
      if (JSON.stringify(status) === JSON.stringify(quota.status ?? {})) return;
      api.modifyStatus(QUOTAS, namespace, name, (q) => {
        q.status = status;
      });
    },
  };
}
