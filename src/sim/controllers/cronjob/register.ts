/** The CronJob kind (admission, table) and its controller. */
import { installCronjobAdmission } from '../../apiserver/kinds/cronjob.ts';
import { installCronjobTables } from '../../apiserver/tables/cronjob.ts';
import type { Installer } from '../../installer.ts';
import { cronJobController } from './cronjob-controller.ts';

/** CronJobs: the kind and the CronJob controller. */
export const CRONJOBS: Installer = {
  name: 'cronjobs.batch',
  api(api) {
    installCronjobAdmission(api);
    installCronjobTables(api);
  },
  start: (cluster) => cluster.addController(cronJobController(cluster)),
};
