/**
 * `kubectl get deployments` (printDeployment): NAME READY UP-TO-DATE AVAILABLE AGE, wide
 * CONTAINERS IMAGES SELECTOR. READY is status.readyReplicas/spec.replicas.
 */
import { formatLabelSelector } from '../../api/labels.ts';
import { containerCells } from './pod-template-cells.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its `kubectl get` tables into an API server. */
export function installDeploymentTables(api: ApiRegistries): void {
  api.tables.register('deployments.apps', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Ready', priority: 0 },
      { name: 'Up-to-date', priority: 0 },
      { name: 'Available', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
      { name: 'Selector', priority: 1 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}`,
      String(o.status?.updatedReplicas ?? 0),
      String(o.status?.availableReplicas ?? 0),
      age(o, now),
      ...containerCells(o.spec?.template),
      formatLabelSelector(o.spec?.selector),
    ],
  });
}
