/** The Job kind (admission, table) and its controller, loaded with the first Job or CronJob. */
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { BATCH_CONTROLLERS } from './batch-code.ts';

/** Jobs: the kind and the Job controller. */
export const JOBS: Installer = deferredController({
  name: 'jobs.batch',
  part: BATCH_CONTROLLERS,
  kinds: { resources: ['jobs.batch'], install: (m, api) => m.installJobKind(api) },
  triggers: ['jobs.batch'],
  controller: (m, cluster) => m.jobController(cluster),
});
