/**
 * `kubectl get cronjobs` (printCronJob): NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE
 * AGE, wide CONTAINERS IMAGES SELECTOR.
 */
import { humanDuration } from '../../api/duration.ts';
import { formatLabelSelector } from '../../api/labels.ts';
import { age } from './table.ts';
import { containerCells } from './pod-template-cells.ts';
import type { ApiRegistries } from '../registries.ts';

function boolPtr(v: unknown): string {
  if (v === undefined || v === null) return '<unset>';
  return v ? 'True' : 'False';
}

/** Installs its `kubectl get` tables into an API server. */
export function installCronjobTables(api: ApiRegistries): void {
  api.tables.register('cronjobs.batch', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Schedule', priority: 0 },
      { name: 'Timezone', priority: 0 },
      { name: 'Suspend', priority: 0 },
      { name: 'Active', priority: 0 },
      { name: 'Last Schedule', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
      { name: 'Selector', priority: 1 },
    ],
    row: (o, now) => {
      const last = o.status?.lastScheduleTime;
      return [
        o.metadata.name ?? '',
        o.spec?.schedule ?? '',
        o.spec?.timeZone ?? '<none>',
        boolPtr(o.spec?.suspend),
        String((o.status?.active ?? []).length),
        last ? humanDuration(now - Date.parse(last)) : '<none>',
        age(o, now),
        ...containerCells(o.spec?.jobTemplate?.spec?.template),
        formatLabelSelector(o.spec?.jobTemplate?.spec?.selector),
      ];
    },
  });
}
