/** `kubectl get controllerrevisions` (printControllerRevision): NAME CONTROLLER REVISION AGE. */
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its `kubectl get` tables into an API server. */
export function installControllerrevisionTables(api: ApiRegistries): void {
  api.tables.register('controllerrevisions.apps', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Controller', priority: 0 },
      { name: 'Revision', priority: 0 },
      { name: 'Age', priority: 0 },
    ],
    row: (o, now) => {
      const ref = o.metadata.ownerReferences?.find((r) => r.controller);
      let controller = '<none>';
      if (ref) {
        const slash = ref.apiVersion.indexOf('/');
        const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
        controller = `${ref.kind.toLowerCase()}${group ? `.${group}` : ''}/${ref.name}`;
      }
      return [o.metadata.name ?? '', controller, String(o.revision ?? 0), age(o, now)];
    },
  });
}
