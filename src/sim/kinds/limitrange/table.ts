/** `kubectl get limits` (printLimitRange): NAME, CREATED AT (the creation time in RFC 3339). */
import type { ApiRegistries } from '../../apiserver/registries.ts';

/** Installs its `kubectl get` table into an API server. */
export function installLimitrangeTable(api: ApiRegistries): void {
  api.tables.register('limitranges', {
    columns: ['Name', 'Created At'].map((name) => ({ name, priority: 0 as const })),
    row: (o) => [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''],
  });
}
