/**
 * For simulator tests: the API registries a default cluster has (every kind's admission, tables,
 * plugins and webhook servers of `DEFAULT_INSTALLERS`), for tests that check a table or build a
 * bare `Cluster` without controllers.
 */
import { DEFAULT_INSTALLERS } from '../components.ts';
import type { ApiRegistries } from '../apiserver/registries.ts';
import { TableRegistry, type Table } from '../apiserver/tables/table.ts';
import { DeferredKinds } from '../apiserver/deferred-kinds.ts';
import { SHARED_CODE } from '../deferred/code-part.ts';
import type { KubeObject } from '../api/types.ts';

/** Installs every default kind (admission, tables, plugins, webhook servers) into `api`. */
export function installDefaultKinds(api: ApiRegistries): void {
  for (const i of DEFAULT_INSTALLERS) i.api?.(api);
}

let tables: TableRegistry | undefined;

/** The Table a default cluster's API server returns for these objects. */
export function toTable(resource: string, objects: KubeObject[], now: number): Table {
  if (!tables) {
    const t = new TableRegistry();
    const api = { tables: t, admission: { register() {}, addPlugin() {} }, webhooks: { register() {} } } as unknown as { -readonly [K in keyof ApiRegistries]: ApiRegistries[K] };
    api.deferred = new DeferredKinds(api);
    api.deferred.attach(SHARED_CODE);
    for (const i of DEFAULT_INSTALLERS) i.api?.(api);
    tables = t;
  }
  return tables.toTable(resource, objects, now);
}
