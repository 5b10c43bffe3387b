/**
 * The simulator's second public index: API machinery that only code loading on first use needs
 * (kubectl's `create job --from=cronjob/NAME` and `cp`, the exercises' checks). The same rules
 * apply as to index.ts (kubectl and the exercises may import either, nothing deeper); kept apart
 * so that starting a terminal, which imports index.ts, does not download it. Nothing a
 * terminal's start imports statically may import this module (tests/architecture/start-closure.test.ts).
 */

// Cron schedules as the CronJob controller reads them (an exercise checks a learner's schedule).
export { parseSchedule } from './api/cron/schedule.ts';
export type { CronSchedule } from './api/cron/schedule.ts';
// `kubectl create job --from=cronjob/NAME` sends the Job the CronJob controller would create.
export { jobFromCronJob } from './controllers/cronjob/job-from-cronjob.ts';
// The tar format `kubectl cp` streams through the container's `tar`.
export { packTar, unpackTar } from './kubelet/sh/tar-format.ts';
export type { TarMember } from './kubelet/sh/tar-format.ts';
// The cluster's CA certificate (what `certificate-authority-data` and a token's ca.crt hold).
export { caCertificatePem } from './auth/pki.ts';
