/** What the quota part loads: the controller, the kind's admission and table, and the ResourceQuota admission plugin. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installResourcequotaAdmissionPlugin } from './admission.ts';
import { installResourcequotaAdmission } from './kind.ts';
import { installResourcequotaTable } from './table.ts';

export { resourceQuotaController } from './controller.ts';

/**
 * The ResourceQuota kind and the plugin that charges creates against quotas. The plugin may
 * arrive after the cluster started: until a ResourceQuota exists it has nothing to charge, and
 * one cannot exist before this code is there. It still runs after LimitRanger, as plugins run
 * in the order they were added.
 */
export function installResourcequotaKind(api: ApiRegistries): void {
  installResourcequotaAdmission(api);
  installResourcequotaAdmissionPlugin(api);
  installResourcequotaTable(api);
}
