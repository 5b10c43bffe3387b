/** The `kubectl get pdb` table (printers.go): NAME, MIN AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS, AGE. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { age } from '../../apiserver/tables/table.ts';

/** An IntOrString as `intstr.String()` prints it; `N/A` when unset. */
function intOrString(v: unknown): string {
  return v === undefined || v === null ? 'N/A' : String(v);
}

/** Installs the table into an API server. */
export function installPdbTable(api: ApiRegistries): void {
  api.tables.register('poddisruptionbudgets.policy', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Min Available', priority: 0 },
      { name: 'Max Unavailable', priority: 0 },
      { name: 'Allowed Disruptions', priority: 0 },
      { name: 'Age', priority: 0 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      intOrString(o.spec?.minAvailable),
      intOrString(o.spec?.maxUnavailable),
      String(o.status?.disruptionsAllowed ?? 0),
      age(o, now),
    ],
  });
}
