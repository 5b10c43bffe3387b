/** The CronJob kind (admission, table) and its controller, loaded with the first CronJob or Job. */
import { installCronjobAdmission } from '../../apiserver/kinds/cronjob.ts';
import { installCronjobTables } from '../../apiserver/tables/cronjob.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { BATCH_CONTROLLERS } from '../job/batch-code.ts';

/** CronJobs: the kind and the CronJob controller. */
export const CRONJOBS: Installer = deferredController({
  name: 'cronjobs.batch',
  api(api) {
    installCronjobAdmission(api);
    installCronjobTables(api);
  },
  part: BATCH_CONTROLLERS,
  triggers: ['cronjobs.batch'],
  controller: (m, cluster) => m.cronJobController(cluster),
});
