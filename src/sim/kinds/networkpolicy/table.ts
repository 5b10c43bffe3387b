/** `kubectl get netpol` (printNetworkPolicy): NAME, POD-SELECTOR, AGE. */
import { formatLabelSelector } from '../../api/labels.ts';
import { age, registerTable } from '../../apiserver/tables/table.ts';
import { NETWORK_POLICIES } from './policy.ts';

registerTable(NETWORK_POLICIES, {
  columns: ['Name', 'Pod-Selector', 'Age'].map((name) => ({ name, priority: 0 as const })),
  row: (o, now) => [o.metadata.name ?? '', formatLabelSelector(o.spec?.podSelector ?? {}), age(o, now)],
});
