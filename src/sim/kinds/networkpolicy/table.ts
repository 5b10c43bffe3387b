/** `kubectl get netpol` (printNetworkPolicy): NAME, POD-SELECTOR, AGE. */
import { formatLabelSelector } from '../../api/labels.ts';
import { age } from '../../apiserver/tables/table.ts';
import { NETWORK_POLICIES } from './policy.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

/** Installs its `kubectl get` table into an API server. */
export function installNetworkpolicyTable(api: ApiRegistries): void {
  api.tables.register(NETWORK_POLICIES, {
    columns: ['Name', 'Pod-Selector', 'Age'].map((name) => ({ name, priority: 0 as const })),
    row: (o, now) => [o.metadata.name ?? '', formatLabelSelector(o.spec?.podSelector ?? {}), age(o, now)],
  });
}
