/** The CronJob kind (admission, table) and its controller, loaded with the first CronJob or Job. */
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { BATCH_CONTROLLERS } from '../job/batch-code.ts';

/** CronJobs: the kind and the CronJob controller. */
export const CRONJOBS: Installer = deferredController({
  name: 'cronjobs.batch',
  part: BATCH_CONTROLLERS,
  kinds: { resources: ['cronjobs.batch'], install: (m, api) => m.installCronjobKind(api) },
  triggers: ['cronjobs.batch'],
  controller: (m, cluster) => m.cronJobController(cluster),
});
