/**
 * Job admission (batch/v1): defaults, the generated selector (controller-uid labels on the
 * template and the Job), validation (restartPolicy OnFailure/Never, non-negative counts,
 * immutable template and selector).
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Random } from '../../clock/random.ts';
import type { AdmissionContext } from '../admission.ts';
import { invalidValue, notSupported, required } from '../validation.ts';
import {
  LABEL_SELECTOR,
  defaultTemplate,
  goLabelSelector,
  metaCauses,
  nonNegative,
  objectUnknownFields,
  sameJSON,
  schema,
  selectorCauses,
  templateCauses,
  templateDecodeError,
  type Obj,
  type Schema,
} from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

/** Label/selector keys the API server generates for Jobs. */
export const JOB_LABELS = {
  controllerUid: 'batch.kubernetes.io/controller-uid',
  jobName: 'batch.kubernetes.io/job-name',
  legacyControllerUid: 'controller-uid',
  legacyJobName: 'job-name',
} as const;

/** The JobSpec schema (also CronJob `spec.jobTemplate.spec`). */
export const JOB_SPEC: Schema = schema(
  'parallelism completions activeDeadlineSeconds podFailurePolicy successPolicy backoffLimit backoffLimitPerIndex maxFailedIndexes selector manualSelector template ttlSecondsAfterFinished completionMode suspend podReplacementPolicy managedBy',
  {
    selector: LABEL_SELECTOR,
    podFailurePolicy: schema('rules', {
      rules: schema('action onExitCodes onPodConditions', {
        onExitCodes: schema('containerName operator values'),
        onPodConditions: schema('type status'),
      }),
    }),
    successPolicy: schema('rules', { rules: schema('succeededIndexes succeededCount') }),
  },
  { templates: 'template' },
);

/** Job-level defaults (SetDefaults_Job), without the generated selector. */
export function defaultJobSpec(spec: Obj): void {
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6;
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  spec.manualSelector ??= false;
  defaultTemplate(spec.template);
}

/**
 * The uid the API server is about to give the object being created: admission runs before
 * the server draws the uid from the seeded generator, so a copy of the generator predicts it.
 * The generated selector needs it, as the real strategy fills the uid before validating.
 */
function upcomingUid(random: Random): string {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(random) as object), random) as Random;
  return copy.uuid();
}

function generateSelector(obj: KubeObject, uid: string): void {
  const spec: Obj = obj.spec;
  const tmpl: Obj = (spec.template ??= {});
  const md: Obj = (tmpl.metadata ??= {});
  const labels: Record<string, string> = { ...(md.labels ?? {}) };
  const name = obj.metadata.name ?? '';
  labels[JOB_LABELS.legacyJobName] ??= name;
  labels[JOB_LABELS.jobName] ??= name;
  labels[JOB_LABELS.legacyControllerUid] ??= uid;
  labels[JOB_LABELS.controllerUid] ??= uid;
  md.labels = labels;
  spec.selector ??= {};
  spec.selector.matchLabels ??= {};
  spec.selector.matchLabels[JOB_LABELS.controllerUid] ??= uid;
}

function defaultJob(obj: KubeObject, ctx: AdmissionContext, old?: KubeObject): void {
  const spec: Obj = (obj.spec ??= {});
  defaultJobSpec(spec);
  if (!old) {
    if (!spec.manualSelector) generateSelector(obj, upcomingUid(ctx.random));
    const tl = spec.template?.metadata?.labels;
    if (tl && Object.keys(obj.metadata.labels ?? {}).length === 0) obj.metadata.labels = { ...tl };
    obj.status = {};
  }
}

/** The Job template rules shared with CronJob job templates. */
export function jobSpecCauses(spec: Obj, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  causes.push(...nonNegative(spec.parallelism, `${path}.parallelism`));
  causes.push(...nonNegative(spec.completions, `${path}.completions`));
  if (spec.activeDeadlineSeconds !== undefined && !(spec.activeDeadlineSeconds > 0)) {
    causes.push(invalidValue(`${path}.activeDeadlineSeconds`, spec.activeDeadlineSeconds, 'must be greater than 0'));
  }
  causes.push(...nonNegative(spec.backoffLimit, `${path}.backoffLimit`));
  causes.push(...nonNegative(spec.ttlSecondsAfterFinished, `${path}.ttlSecondsAfterFinished`));
  if (spec.completionMode !== undefined && !['NonIndexed', 'Indexed'].includes(spec.completionMode)) {
    causes.push(notSupported(`${path}.completionMode`, spec.completionMode, ['NonIndexed', 'Indexed']));
  }
  if (spec.completionMode === 'Indexed' && spec.completions === undefined) {
    causes.push(required(`${path}.completions`, 'when completion mode is Indexed'));
  }
  causes.push(...templateCauses(spec.template, `${path}.template`));
  const rp = spec.template?.spec?.restartPolicy;
  if (rp !== 'OnFailure' && rp !== 'Never') {
    causes.push(required(`${path}.template.spec.restartPolicy`, 'valid values: "OnFailure", "Never"'));
  }
  return causes;
}

function validate(obj: KubeObject, old?: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  const causes = metaCauses(obj);
  causes.push(...selectorCauses(spec, 'spec'));
  causes.push(...jobSpecCauses(spec, 'spec'));
  if (old) {
    if (!sameJSON(old.spec?.selector, spec.selector)) {
      causes.push({ reason: 'FieldValueInvalid', field: 'spec.selector', message: `spec.selector: Invalid value: ${goLabelSelector(spec.selector)}: field is immutable` });
    }
    if (!sameJSON(old.spec?.template, spec.template) && !(old.spec?.suspend && spec.suspend)) {
      causes.push({ reason: 'FieldValueInvalid', field: 'spec.template', message: 'spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable' });
    }
    if (old.spec?.completions !== spec.completions && spec.completionMode !== 'Indexed') {
      causes.push(invalidValue('spec.completions', spec.completions, 'field is immutable'));
    }
    if (old.spec?.completionMode !== spec.completionMode) causes.push(invalidValue('spec.completionMode', spec.completionMode, 'field is immutable'));
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installJobAdmission(api: ApiRegistries): void {
  api.admission.register('jobs.batch', {
    unknownFields: (obj) => objectUnknownFields(obj, JOB_SPEC),
    decodeError: (obj) => templateDecodeError(obj.spec?.template),
    default: (obj, ctx, old) => defaultJob(obj, ctx, old),
    validate: (obj, _ctx, old) => validate(obj, old),
  });
}
