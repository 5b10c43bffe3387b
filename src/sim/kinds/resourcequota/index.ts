/**
 * ResourceQuota, all of it: the kind's admission (kind.ts), the quota admission plugin that
 * charges creates against quotas (admission.ts), the `get quota` table (table.ts) and the quota
 * controller (controller.ts).
 */
import type { Installer } from '../../installer.ts';
import { installResourcequotaAdmissionPlugin } from './admission.ts';
import { resourceQuotaController } from './controller.ts';
import { installResourcequotaAdmission } from './kind.ts';
import { installResourcequotaTable } from './table.ts';

/** ResourceQuotas: the kind, the ResourceQuota admission plugin and the quota controller. */
export const RESOURCEQUOTAS: Installer = {
  name: 'resourcequotas',
  api(api) {
    installResourcequotaAdmission(api);
    installResourcequotaAdmissionPlugin(api);
    installResourcequotaTable(api);
  },
  start: (cluster) => cluster.addController(resourceQuotaController(cluster)),
};
