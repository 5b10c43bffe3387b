/**
 * CronJob admission (batch/v1): defaults (Allow, not suspended, history limits 3 and 1),
 * schedule validation through the cron parser with robfig/cron's messages, the TZ rule,
 * timeZone names, the 52-character name limit and the job template rules.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { parseSchedule } from '../../api/cron/schedule.ts';
import { isValidTimeZone } from '../../api/cron/timezone.ts';
import { invalidValue, notSupported, required } from '../validation.ts';
import { JOB_SPEC, defaultJobSpec, jobSpecCauses } from './job.ts';
import { metaCauses, nonNegative, objectUnknownFields, schema, templateDecodeError, type Obj } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const CRONJOB_SPEC = schema(
  'schedule timeZone startingDeadlineSeconds concurrencyPolicy suspend jobTemplate successfulJobsHistoryLimit failedJobsHistoryLimit',
  { jobTemplate: schema('metadata spec', { spec: JOB_SPEC }, { metas: 'metadata' }) },
);

/** The schedule rules (validateScheduleFormat): parse errors, then the TZ rule. */
export function scheduleCauses(schedule: unknown, path = 'spec.schedule'): StatusCause[] {
  if (typeof schedule !== 'string' || schedule === '') return [required(path)];
  const causes: StatusCause[] = [];
  try {
    parseSchedule(schedule);
  } catch (e) {
    causes.push(invalidValue(path, schedule, (e as Error).message));
  }
  if (schedule.includes('TZ')) causes.push(invalidValue(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  return causes;
}

function timeZoneCauses(tz: unknown): StatusCause[] {
  if (tz === undefined || tz === null) return [];
  const path = 'spec.timeZone';
  if (tz === '') return [invalidValue(path, '', 'timeZone must be nil or non-empty string')];
  const s = String(tz);
  for (const part of s.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !/^[A-Za-z.\-_0-9+]{1,14}$/.test(part)) {
      return [invalidValue(path, s, `unknown time zone ${s}`)];
    }
  }
  if (s.toLowerCase() === 'local') {
    return [invalidValue(path, s, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones')];
  }
  if (!isValidTimeZone(s)) return [invalidValue(path, s, `unknown time zone ${s}`)];
  return [];
}

function validate(obj: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  const causes = metaCauses(obj);
  const name = obj.metadata.name ?? '';
  if (name.length > 52) causes.push(invalidValue('metadata.name', name, 'must be no more than 52 characters'));
  causes.push(...scheduleCauses(spec.schedule));
  causes.push(...timeZoneCauses(spec.timeZone));
  causes.push(...nonNegative(spec.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  if (!['Allow', 'Forbid', 'Replace'].includes(spec.concurrencyPolicy)) {
    causes.push(notSupported('spec.concurrencyPolicy', spec.concurrencyPolicy, ['Allow', 'Forbid', 'Replace']));
  }
  causes.push(...jobSpecCauses(spec.jobTemplate?.spec ?? {}, 'spec.jobTemplate.spec'));
  causes.push(...nonNegative(spec.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'));
  causes.push(...nonNegative(spec.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'));
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installCronjobAdmission(api: ApiRegistries): void {
  api.admission.register('cronjobs.batch', {
    unknownFields: (obj) => objectUnknownFields(obj, CRONJOB_SPEC),
    decodeError: (obj) => templateDecodeError(obj.spec?.jobTemplate?.spec?.template),
    default: (obj, _ctx, old) => {
      const spec: Obj = (obj.spec ??= {});
      spec.concurrencyPolicy ??= 'Allow';
      spec.suspend ??= false;
      spec.successfulJobsHistoryLimit ??= 3;
      spec.failedJobsHistoryLimit ??= 1;
      spec.jobTemplate ??= {};
      const jmd = spec.jobTemplate.metadata;
      if (!jmd || !('creationTimestamp' in jmd)) spec.jobTemplate.metadata = { creationTimestamp: null, ...(jmd ?? {}) };
      spec.jobTemplate.spec ??= {};
      const t = spec.jobTemplate.spec.template;
      if (t) {
        // Only the pod template gets defaults here; Job-level defaults apply when a Job is made.
        const before = { ...spec.jobTemplate.spec };
        defaultJobSpec(spec.jobTemplate.spec);
        for (const k of Object.keys(spec.jobTemplate.spec)) if (!(k in before)) delete spec.jobTemplate.spec[k];
      }
      if (!old) obj.status = {};
    },
    validate: (obj) => validate(obj),
  });
}
