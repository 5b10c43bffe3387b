/**
 * Building Jobs from a CronJob's jobTemplate: the controller's scheduled Jobs
 * (`<cronjob>-<scheduled minutes since epoch>`, scheduled-timestamp annotation) and
 * `kubectl create job NAME --from=cronjob/CJ` (annotation cronjob.kubernetes.io/instantiate:
 * manual, a controller ownerReference to the CronJob).
 */
import { clone, type KubeObject } from '../../api/types.ts';
import { formatRFC3339 } from '../../api/cron/timezone.ts';

export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';
export const INSTANTIATE_ANNOTATION = 'cronjob.kubernetes.io/instantiate';

/** `<cronjob>-<minutes since the Unix epoch of the scheduled time>`. */
export function scheduledJobName(cronJobName: string, scheduledMs: number): string {
  return `${cronJobName}-${Math.floor(scheduledMs / 60_000)}`;
}

/** The Job the controller creates for the run scheduled at `scheduledMs`. */
export function jobForSchedule(cj: KubeObject, scheduledMs: number): KubeObject {
  const tmpl = cj.spec?.jobTemplate ?? {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: scheduledJobName(cj.metadata.name!, scheduledMs),
      namespace: cj.metadata.namespace,
      ...(tmpl.metadata?.labels ? { labels: clone(tmpl.metadata.labels) } : {}),
      annotations: {
        ...clone(tmpl.metadata?.annotations ?? {}),
        [SCHEDULED_TIMESTAMP_ANNOTATION]: formatRFC3339(scheduledMs, cj.spec?.timeZone ?? 'UTC'),
      },
      ownerReferences: [
        { apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name!, uid: cj.metadata.uid!, controller: true, blockOwnerDeletion: true },
      ],
    },
    spec: clone(tmpl.spec ?? {}),
  };
}

/**
 * The Job `kubectl create job <name> --from=cronjob/<cj>` sends: the jobTemplate's spec and
 * labels, its annotations plus `cronjob.kubernetes.io/instantiate: manual`, and a controller
 * ownerReference (without blockOwnerDeletion) to the CronJob.
 */
export function jobFromCronJob(cj: KubeObject, name: string): KubeObject {
  const tmpl = cj.spec?.jobTemplate ?? {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      ...(cj.metadata.namespace ? { namespace: cj.metadata.namespace } : {}),
      annotations: { [INSTANTIATE_ANNOTATION]: 'manual', ...clone(tmpl.metadata?.annotations ?? {}) },
      ...(tmpl.metadata?.labels ? { labels: clone(tmpl.metadata.labels) } : {}),
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name!, uid: cj.metadata.uid!, controller: true }],
    },
    spec: clone(tmpl.spec ?? {}),
  };
}
