/** What BATCH_CONTROLLERS loads: the Job and CronJob controllers. */
export { jobController } from './job-controller.ts';
export { cronJobController } from '../cronjob/cronjob-controller.ts';
