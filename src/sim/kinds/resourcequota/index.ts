/**
 * ResourceQuota, all of it: the kind's admission (kind.ts), the quota admission plugin that
 * charges creates against quotas (admission.ts), the `get quota` table (table.ts) and the quota
 * controller (controller.ts), loaded with the first ResourceQuota.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { installResourcequotaAdmissionPlugin } from './admission.ts';
import { installResourcequotaAdmission } from './kind.ts';
import { installResourcequotaTable } from './table.ts';

const CONTROLLER = codePart('resourcequota-controller', () => import('./controller.ts'));

/** ResourceQuotas: the kind, the ResourceQuota admission plugin and the quota controller. */
export const RESOURCEQUOTAS: Installer = deferredController({
  name: 'resourcequotas',
  api(api) {
    installResourcequotaAdmission(api);
    installResourcequotaAdmissionPlugin(api);
    installResourcequotaTable(api);
  },
  part: CONTROLLER,
  triggers: ['resourcequotas'],
  controller: (m, cluster) => m.resourceQuotaController(cluster),
});
