/**
 * `kubectl get quota` (printResourceQuota): NAME, AGE, REQUEST, LIMIT. Each hard limit in the
 * status prints as `name: used/hard`, in resource-name order; `limits.*` go to LIMIT, the rest
 * to REQUEST.
 */
import { formatQuantity, parseQuantity } from '../../api/quantity.ts';
import type { ResourceQuota } from '../generated-types.ts';
import { age } from '../../apiserver/tables/table.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

/** The REQUEST and LIMIT cells. */
export function quotaCells(o: ResourceQuota): [string, string] {
  const hard = o.status?.hard ?? {};
  const used = o.status?.used ?? {};
  const request: string[] = [];
  const limit: string[] = [];
  for (const name of Object.keys(hard).sort()) {
    const u = used[name] === undefined ? '0' : formatQuantity(parseQuantity(used[name]));
    (name.split('.')[0] === 'limits' && name.includes('.') ? limit : request).push(`${name}: ${u}/${formatQuantity(parseQuantity(hard[name]!))}`);
  }
  return [request.join(', '), limit.join(', ')];
}

/** Installs its `kubectl get` table into an API server. */
export function installResourcequotaTable(api: ApiRegistries): void {
  api.tables.register('resourcequotas', {
    columns: ['Name', 'Age', 'Request', 'Limit'].map((name) => ({ name, priority: 0 as const })),
    row: (o, now) => [o.metadata.name ?? '', age(o, now), ...quotaCells(o)],
  });
}
