/** `kubectl get limits` (printLimitRange): NAME, CREATED AT (the creation time in RFC 3339). */
import { registerTable } from '../../apiserver/tables/table.ts';

registerTable('limitranges', {
  columns: ['Name', 'Created At'].map((name) => ({ name, priority: 0 as const })),
  row: (o) => [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''],
});
