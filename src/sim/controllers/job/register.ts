/** The Job kind (admission, table) and its controller, loaded with the first Job or CronJob. */
import { installJobAdmission } from '../../apiserver/kinds/job.ts';
import { installJobTables } from '../../apiserver/tables/job.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { BATCH_CONTROLLERS } from './batch-code.ts';

/** Jobs: the kind and the Job controller. */
export const JOBS: Installer = deferredController({
  name: 'jobs.batch',
  api(api) {
    installJobAdmission(api);
    installJobTables(api);
  },
  part: BATCH_CONTROLLERS,
  triggers: ['jobs.batch'],
  controller: (m, cluster) => m.jobController(cluster),
});
