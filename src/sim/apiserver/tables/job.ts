/**
 * `kubectl get jobs` (printJob): NAME STATUS COMPLETIONS DURATION AGE, wide CONTAINERS IMAGES
 * SELECTOR.
 */
import { humanDuration } from '../../api/duration.ts';
import { formatLabelSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';
import { age } from './table.ts';
import { containerCells } from './pod-template-cells.ts';
import type { ApiRegistries } from '../registries.ts';

function hasCondition(job: KubeObject, type: string): boolean {
  return (job.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === type && c.status === 'True');
}

/** The STATUS cell: Complete > Failed > Terminating > Suspended > FailureTarget > SuccessCriteriaMet > Running. */
export function jobStatusCell(job: KubeObject): string {
  if (hasCondition(job, 'Complete')) return 'Complete';
  if (hasCondition(job, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (hasCondition(job, 'Suspended')) return 'Suspended';
  if (hasCondition(job, 'FailureTarget')) return 'FailureTarget';
  if (hasCondition(job, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

/** The COMPLETIONS cell: `1/1`, `2/4`, or `0/1 of 3` when completions is unset. */
export function jobCompletionsCell(job: KubeObject): string {
  const succeeded = job.status?.succeeded ?? 0;
  if (job.spec?.completions !== undefined && job.spec?.completions !== null) return `${succeeded}/${job.spec.completions}`;
  const parallelism = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** The DURATION cell: completion − start, or since start while not complete; empty before start. */
export function jobDurationCell(job: KubeObject, now: number): string {
  const start = job.status?.startTime;
  if (!start) return '';
  const end = job.status?.completionTime;
  return humanDuration((end ? Date.parse(end) : now) - Date.parse(start));
}

/** Installs its `kubectl get` tables into an API server. */
export function installJobTables(api: ApiRegistries): void {
  api.tables.register('jobs.batch', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Status', priority: 0 },
      { name: 'Completions', priority: 0 },
      { name: 'Duration', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'Containers', priority: 1 },
      { name: 'Images', priority: 1 },
      { name: 'Selector', priority: 1 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      jobStatusCell(o),
      jobCompletionsCell(o),
      jobDurationCell(o, now),
      age(o, now),
      ...containerCells(o.spec?.template),
      formatLabelSelector(o.spec?.selector),
    ],
  });
}
