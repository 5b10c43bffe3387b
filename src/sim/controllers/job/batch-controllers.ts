/** What BATCH_CONTROLLERS loads: the Job and CronJob controllers, and both kinds. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installCronjobAdmission } from '../../apiserver/kinds/cronjob.ts';
import { installJobAdmission } from '../../apiserver/kinds/job.ts';
import { installCronjobTables } from '../../apiserver/tables/cronjob.ts';
import { installJobTables } from '../../apiserver/tables/job.ts';

export { jobController } from './job-controller.ts';
export { cronJobController } from '../cronjob/cronjob-controller.ts';

/** The Job kind: admission and table. */
export function installJobKind(api: ApiRegistries): void {
  installJobAdmission(api);
  installJobTables(api);
}

/** The CronJob kind: admission and table. */
export function installCronjobKind(api: ApiRegistries): void {
  installCronjobAdmission(api);
  installCronjobTables(api);
}
