/**
 * `kubectl get daemonsets` (printDaemonSet): NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE
 * NODE SELECTOR AGE, wide CONTAINERS IMAGES SELECTOR.
 */
import { formatLabelSelector, formatLabels } from '../../api/labels.ts';
import { age } from './table.ts';
import { containerCells } from './pod-template-cells.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its `kubectl get` tables into an API server. */
export function installDaemonsetTables(api: ApiRegistries): void {
  api.tables.register('daemonsets.apps', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Desired', priority: 0 },
      { name: 'Current', priority: 0 },
      { name: 'Ready', priority: 0 },
      { name: 'Up-to-date', priority: 0 },
      { name: 'Available', priority: 0 },
      { name: 'Node Selector', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
      { name: 'Selector', priority: 1 },
    ],
    row: (o, now) => {
      const s = o.status ?? {};
      return [
        o.metadata.name ?? '',
        String(s.desiredNumberScheduled ?? 0),
        String(s.currentNumberScheduled ?? 0),
        String(s.numberReady ?? 0),
        String(s.updatedNumberScheduled ?? 0),
        String(s.numberAvailable ?? 0),
        formatLabels(o.spec?.template?.spec?.nodeSelector),
        age(o, now),
        ...containerCells(o.spec?.template),
        formatLabelSelector(o.spec?.selector),
      ];
    },
  });
}
