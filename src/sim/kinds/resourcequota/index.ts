/**
 * ResourceQuota, all of it: the kind's admission (kind.ts), the quota admission plugin that
 * charges creates against quotas (admission.ts), the `get quota` table (table.ts) and the quota
 * controller (controller.ts), loaded together (code.ts) when a caller first prepares the kind
 * (kubectl before creating one or printing `get quota`) or with the first ResourceQuota.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';

const CODE = codePart('resourcequota-controller', () => import('./code.ts'));

/** ResourceQuotas: the kind, the ResourceQuota admission plugin and the quota controller. */
export const RESOURCEQUOTAS: Installer = deferredController({
  name: 'resourcequotas',
  // The plugin's place after LimitRanger, kept from the start (the real one replaces it).
  api: (api) => api.admission.addPlugin({ name: 'ResourceQuota' }),
  part: CODE,
  kinds: { resources: ['resourcequotas'], install: (m, api) => m.installResourcequotaKind(api) },
  triggers: ['resourcequotas'],
  controller: (m, cluster) => m.resourceQuotaController(cluster),
});
