/** `kubectl get statefulsets` (printStatefulSet): NAME READY AGE, wide CONTAINERS IMAGES. */
import { age } from './table.ts';
import { containerCells } from './pod-template-cells.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its `kubectl get` tables into an API server. */
export function installStatefulsetTables(api: ApiRegistries): void {
  api.tables.register('statefulsets.apps', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Ready', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}`,
      age(o, now),
      ...containerCells(o.spec?.template),
    ],
  });
}
