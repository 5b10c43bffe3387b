/** The Job kind (admission, table) and its controller. */
import { installJobAdmission } from '../../apiserver/kinds/job.ts';
import { installJobTables } from '../../apiserver/tables/job.ts';
import type { Installer } from '../../installer.ts';
import { jobController } from './job-controller.ts';

/** Jobs: the kind and the Job controller. */
export const JOBS: Installer = {
  name: 'jobs.batch',
  api(api) {
    installJobAdmission(api);
    installJobTables(api);
  },
  start: (cluster) => cluster.addController(jobController(cluster)),
};
