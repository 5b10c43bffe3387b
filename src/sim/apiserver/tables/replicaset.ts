/**
 * `kubectl get replicasets` (printReplicaSet): NAME DESIRED CURRENT READY AGE, wide
 * CONTAINERS IMAGES SELECTOR (the selector includes pod-template-hash for a Deployment's).
 */
import { formatLabelSelector } from '../../api/labels.ts';
import { containerCells } from './pod-template-cells.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its `kubectl get` tables into an API server. */
export function installReplicasetTables(api: ApiRegistries): void {
  api.tables.register('replicasets.apps', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Desired', priority: 0 },
      { name: 'Current', priority: 0 },
      { name: 'Ready', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
      { name: 'Selector', priority: 1 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      String(o.spec?.replicas ?? 0),
      String(o.status?.replicas ?? 0),
      String(o.status?.readyReplicas ?? 0),
      age(o, now),
      ...containerCells(o.spec?.template),
      formatLabelSelector(o.spec?.selector),
    ],
  });
}
