/**
 * Deployment admission (apps/v1): the 1.32 defaults (replicas 1, strategy RollingUpdate with
 * maxSurge/maxUnavailable 25%, revisionHistoryLimit 10, progressDeadlineSeconds 600, pod
 * template defaults), validation with the API server's exact causes
 * (ValidateDeploymentSpec, ValidateDeploymentStrategy, immutable selector) and strict decoding.
 */
import type { StatusCause } from '../../api/errors.ts';
import { forbiddenField, invalidValue, notSupported, required } from '../validation.ts';
import { selectorAndTemplateCauses, selectorImmutableCauses, specFieldDecodeError } from './replicaset.ts';
import { LABEL_SELECTOR, type Obj, defaultTemplate, metaCauses, nonNegative, objectUnknownFields, sameJSON, schema, templateDecodeError } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const DEPLOYMENT_SPEC = schema(
  'replicas selector template strategy minReadySeconds revisionHistoryLimit paused progressDeadlineSeconds',
  { selector: LABEL_SELECTOR, strategy: schema('type rollingUpdate', { rollingUpdate: schema('maxUnavailable maxSurge') }) },
  { templates: 'template' },
);

/** An IntOrString as Go's %#v prints it (`intstr.IntOrString{Type:1, IntVal:0, StrVal:"25%"}`). */
function goIntOrString(v: unknown): string {
  if (typeof v === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${Number(v ?? 0)}, StrVal:""}`;
}

function invalidIntOrString(field: string, v: unknown, detail: string): StatusCause {
  return { reason: 'FieldValueInvalid', field, message: `${field}: Invalid value: ${goIntOrString(v)}: ${detail}` };
}

const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** ValidatePositiveIntOrPercent. */
function positiveIntOrPercent(v: unknown, field: string): StatusCause[] {
  if (typeof v === 'string') return /^[0-9]+%$/.test(v) ? [] : [invalidIntOrString(field, v, PERCENT_MSG)];
  if (typeof v === 'number' && v < 0) return [invalidValue(field, v, 'must be greater than or equal to 0')];
  return [];
}

/** The numeric part of an IntOrString (getIntOrPercentValue). */
function intOrPercentValue(v: unknown): number {
  if (typeof v === 'number') return v;
  const m = typeof v === 'string' ? /^(\d+)%$/.exec(v) : null;
  return m ? Number(m[1]) : 0;
}

/** Whether two string maps hold the same entries, in any key order. */
function sameMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => b![k] === a![k]);
}

/** ValidateDeploymentStrategy. */
function strategyCauses(strategy: Obj | undefined): StatusCause[] {
  const s = strategy ?? {};
  const p = 'spec.strategy';
  if (s.type === 'Recreate') {
    return s.rollingUpdate !== undefined && s.rollingUpdate !== null
      ? [forbiddenField(`${p}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")]
      : [];
  }
  if (s.type !== 'RollingUpdate') return [notSupported(p, s.type ?? '', ['Recreate', 'RollingUpdate'])];
  const ru = s.rollingUpdate;
  if (!ru) return [required(`${p}.rollingUpdate`, 'this should be defaulted and never be nil')];
  const causes = [
    ...positiveIntOrPercent(ru.maxUnavailable, `${p}.rollingUpdate.maxUnavailable`),
    ...positiveIntOrPercent(ru.maxSurge, `${p}.rollingUpdate.maxSurge`),
  ];
  if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
    causes.push(invalidIntOrString(`${p}.rollingUpdate.maxUnavailable`, ru.maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
  }
  if (typeof ru.maxUnavailable === 'string' && intOrPercentValue(ru.maxUnavailable) > 100) {
    causes.push(invalidIntOrString(`${p}.rollingUpdate.maxUnavailable`, ru.maxUnavailable, 'must not be greater than 100%'));
  }
  return causes;
}

/** ValidateDeploymentSpec, in the server's order. */
function specCauses(spec: Obj): StatusCause[] {
  const causes = [...nonNegative(spec.replicas, 'spec.replicas'), ...selectorAndTemplateCauses(spec), ...strategyCauses(spec.strategy)];
  const minReady = spec.minReadySeconds ?? 0;
  causes.push(...nonNegative(minReady, 'spec.minReadySeconds'));
  causes.push(...nonNegative(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  const pds = spec.progressDeadlineSeconds;
  if (pds !== undefined && pds !== null) {
    causes.push(...nonNegative(pds, 'spec.progressDeadlineSeconds'));
    if (pds <= minReady) causes.push(invalidValue('spec.progressDeadlineSeconds', pds, 'must be greater than minReadySeconds'));
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installDeploymentAdmission(api: ApiRegistries): void {
  api.admission.register('deployments.apps', {
    unknownFields: (obj) => objectUnknownFields(obj, DEPLOYMENT_SPEC),
    decodeError: (obj) =>
      specFieldDecodeError(obj.spec, 'DeploymentSpec', [
        { key: 'replicas', type: 'int32' },
        { key: 'minReadySeconds', type: 'int32' },
        { key: 'revisionHistoryLimit', type: 'int32' },
        { key: 'progressDeadlineSeconds', type: 'int32' },
        { key: 'paused', type: 'bool' },
      ]) ?? templateDecodeError(obj.spec?.template),
    default(obj, ctx, old) {
      // A new object starts with an empty status whatever the manifest says (PrepareForCreate).
      if (!old) delete obj.status;
      const spec = (obj.spec ??= {});
      spec.replicas ??= 1;
      const strategy = (spec.strategy ??= {});
      strategy.type ||= 'RollingUpdate';
      if (strategy.type === 'RollingUpdate') {
        const ru = (strategy.rollingUpdate ??= {});
        ru.maxUnavailable ??= '25%';
        ru.maxSurge ??= '25%';
      }
      spec.revisionHistoryLimit ??= 10;
      spec.progressDeadlineSeconds ??= 600;
      defaultTemplate((spec.template ??= {}), ctx);
    },
    validate(obj, _ctx, old) {
      return [...metaCauses(obj), ...specCauses(obj.spec ?? {}), ...selectorImmutableCauses(obj, old)];
    },
    // Annotation changes bump the generation too, because the controller copies annotations
    // (kubernetes.io/change-cause) to the ReplicaSets (deploymentStrategy.PrepareForUpdate).
    specChanged: (old, obj) => !sameJSON(old.spec, obj.spec) || !sameMap(old.metadata.annotations, obj.metadata.annotations),
  });
}
