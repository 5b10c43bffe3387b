/**
 * What kubectl needs from the StatefulSet, DaemonSet, Job and CronJob side of the simulator:
 * rollout status lines, ControllerRevision history helpers, and the Job that
 * `kubectl create job NAME --from=cronjob/CJ` sends.
 */
export { statefulSetRolloutStatus } from './rollout-status.ts';
export { daemonSetRolloutStatus } from '../daemonset/rollout-status.ts';
export { ownedRevisions, templateOf } from './revision.ts';
export { jobFromCronJob, INSTANTIATE_ANNOTATION } from '../cronjob/job-from-cronjob.ts';
