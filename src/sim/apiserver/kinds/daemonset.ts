/**
 * DaemonSet admission (apps/v1): defaults (RollingUpdate maxUnavailable 1 / maxSurge 0,
 * revisionHistoryLimit 10, the `deprecated.daemonset.template.generation` annotation that
 * counts template changes), strict decoding (a DaemonSet has no `spec.replicas`) and
 * validation.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { invalidValue, notSupported } from '../validation.ts';
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
} from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const DAEMONSET_SPEC = schema(
  'selector template updateStrategy minReadySeconds revisionHistoryLimit',
  { selector: LABEL_SELECTOR, updateStrategy: schema('type rollingUpdate', { rollingUpdate: schema('maxUnavailable maxSurge') }) },
  { templates: 'template' },
);

/** The annotation holding the DaemonSet's template generation (pod label pod-template-generation). */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

function defaultDaemonSet(obj: KubeObject, old?: KubeObject): void {
  const spec: Obj = (obj.spec ??= {});
  spec.updateStrategy ??= {};
  spec.updateStrategy.type ??= 'RollingUpdate';
  if (spec.updateStrategy.type === 'RollingUpdate') {
    spec.updateStrategy.rollingUpdate ??= {};
    spec.updateStrategy.rollingUpdate.maxUnavailable ??= 1;
    spec.updateStrategy.rollingUpdate.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate(spec.template);
  const oldGen = Number(old?.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION] ?? 0) || 0;
  let gen = 1;
  if (old) gen = sameJSON(old.spec?.template, spec.template) ? Math.max(oldGen, 1) : oldGen + 1;
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(gen) };
}

function intOrPercentZero(v: unknown): boolean {
  return v === 0 || v === '0' || v === '0%';
}

function validate(obj: KubeObject, old?: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  const causes = metaCauses(obj);
  causes.push(...selectorCauses(spec, 'spec', 'empty selector is invalid for daemonset'));
  causes.push(...templateCauses(spec.template, 'spec.template'));
  const rp = spec.template?.spec?.restartPolicy;
  if (rp !== undefined && rp !== 'Always') causes.push(notSupported('spec.template.spec.restartPolicy', rp, ['Always']));
  causes.push(...nonNegative(spec.minReadySeconds, 'spec.minReadySeconds'));
  causes.push(...nonNegative(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  const st = spec.updateStrategy?.type;
  if (!['RollingUpdate', 'OnDelete'].includes(st)) causes.push(notSupported('spec.updateStrategy.type', st, ['OnDelete', 'RollingUpdate']));
  const ru = spec.updateStrategy?.rollingUpdate;
  if (st === 'RollingUpdate' && ru && intOrPercentZero(ru.maxUnavailable) && intOrPercentZero(ru.maxSurge)) {
    causes.push(invalidValue('spec.updateStrategy.rollingUpdate.maxUnavailable', ru.maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
  }
  if (old && !sameJSON(old.spec?.selector, spec.selector)) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: 'spec.selector',
      message: `spec.selector: Invalid value: ${goLabelSelector(spec.selector)}: field is immutable`,
    });
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installDaemonsetAdmission(api: ApiRegistries): void {
  api.admission.register('daemonsets.apps', {
    unknownFields: (obj) => objectUnknownFields(obj, DAEMONSET_SPEC),
    decodeError: (obj) => templateDecodeError(obj.spec?.template),
    default: (obj, _ctx, old) => defaultDaemonSet(obj, old),
    validate: (obj, _ctx, old) => validate(obj, old),
  });
}
