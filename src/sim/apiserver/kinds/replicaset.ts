/**
 * ReplicaSet admission (apps/v1): defaults (replicas 1, pod template defaults), validation
 * with the API server's exact causes (pkg/apis/apps/validation ValidateReplicaSetSpec) and
 * strict decoding. The selector/template rules here are shared with Deployments.
 */
import type { StatusCause } from '../../api/errors.ts';
import { selectorFromSpec, matches } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';
import { forbiddenField, invalidValue, isQualifiedName, isValidLabelValue, notSupported, required, validateLabels } from '../validation.ts';
import {
  LABEL_SELECTOR,
  type Obj,
  defaultTemplate,
  goLabelSelector,
  goStringMap,
  metaCauses,
  nonNegative,
  objectUnknownFields,
  sameJSON,
  schema,
  templateCauses,
  templateDecodeError,
} from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

/** Errors of one structured selector (ValidateLabelSelector), at `path` (`spec.selector`). */
export function labelSelectorCauses(sel: Obj, path: string): StatusCause[] {
  const causes = validateLabels(sel.matchLabels, `${path}.matchLabels`);
  ((sel.matchExpressions ?? []) as Obj[]).forEach((e, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = (e.values ?? []) as string[];
    if (e.operator === 'In' || e.operator === 'NotIn') {
      if (!values.length) causes.push(required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (e.operator === 'Exists' || e.operator === 'DoesNotExist') {
      if (values.length) causes.push(forbiddenField(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      causes.push(invalidValue(`${p}.operator`, e.operator ?? '', 'not a valid selector operator'));
    }
    for (const m of isQualifiedName(String(e.key ?? ''))) causes.push(invalidValue(`${p}.key`, e.key ?? '', m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(String(v))) causes.push(invalidValue(`${p}.values[${j}]`, v, m));
    });
  });
  return causes;
}

/**
 * The selector and pod template part of ReplicaSet and Deployment specs, in the server's
 * order: selector required / malformed / empty, then (when the selector parses) selector vs
 * template labels, the template itself, restartPolicy Always, no activeDeadlineSeconds.
 * A nil selector matches nothing, so "Required value" comes with the labels mismatch.
 */
export function selectorAndTemplateCauses(spec: Obj, path = 'spec'): StatusCause[] {
  const causes: StatusCause[] = [];
  const sel = spec.selector;
  if (!sel) causes.push(required(`${path}.selector`));
  else {
    causes.push(...labelSelectorCauses(sel, `${path}.selector`));
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
      causes.push({
        reason: 'FieldValueInvalid',
        field: `${path}.selector`,
        message: `${path}.selector: Invalid value: ${goLabelSelector(sel)}: empty selector is invalid for deployment`,
      });
    }
  }
  let parsed;
  try {
    parsed = selectorFromSpec(sel);
  } catch {
    causes.push({ reason: 'FieldValueInvalid', field: `${path}.selector`, message: `${path}.selector: Invalid value: ${goLabelSelector(sel)}: invalid label selector` });
    return causes;
  }
  const template = spec.template as Obj | undefined;
  if (!template) {
    causes.push(required(`${path}.template`));
    return causes;
  }
  const labels = template.metadata?.labels as Record<string, string> | undefined;
  const selectsAll = !parsed.nothing && parsed.requirements.length === 0;
  if (!selectsAll && !matches(parsed, labels ?? {})) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: `${path}.template.metadata.labels`,
      message: `${path}.template.metadata.labels: Invalid value: ${goStringMap(labels)}: \`selector\` does not match template \`labels\``,
    });
  }
  causes.push(...templateCauses(template, `${path}.template`));
  const restart = template.spec?.restartPolicy;
  if (restart !== 'Always') causes.push(notSupported(`${path}.template.spec.restartPolicy`, restart ?? '', ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined) {
    causes.push(invalidValue(`${path}.template.spec.activeDeadlineSeconds`, template.spec.activeDeadlineSeconds, 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return causes;
}

/** `field is immutable` for a changed selector (apps/v1 forbids selector updates). */
export function selectorImmutableCauses(obj: KubeObject, old: KubeObject | undefined): StatusCause[] {
  if (!old || sameJSON(normalize(obj.spec?.selector), normalize(old.spec?.selector))) return [];
  return [
    {
      reason: 'FieldValueInvalid',
      field: 'spec.selector',
      message: `spec.selector: Invalid value: ${goLabelSelector(obj.spec?.selector)}: field is immutable`,
    },
  ];
}

function normalize(sel: Obj | undefined): unknown {
  if (!sel) return null;
  const keys = Object.keys(sel.matchLabels ?? {}).sort();
  return { l: keys.map((k) => [k, sel.matchLabels[k]]), e: sel.matchExpressions ?? [] };
}

type IntField = { key: string; type: 'int32' | 'bool' };

/**
 * The Go decode error for a spec field of the wrong JSON type, e.g. `json: cannot unmarshal
 * string into Go struct field DeploymentSpec.spec.replicas of type int32`.
 */
export function specFieldDecodeError(spec: Obj | undefined, goType: string, fields: IntField[]): string | undefined {
  if (!spec || typeof spec !== 'object') return undefined;
  for (const f of fields) {
    const v = spec[f.key];
    if (v === undefined || v === null) continue;
    let what: string | undefined;
    if (f.type === 'bool') what = typeof v === 'boolean' ? undefined : jsonKind(v);
    else if (typeof v !== 'number') what = jsonKind(v);
    else if (!Number.isInteger(v) || v > 2147483647 || v < -2147483648) what = `number ${v}`;
    if (what) return `json: cannot unmarshal ${what} into Go struct field ${goType}.spec.${f.key} of type ${f.type}`;
  }
  return undefined;
}

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

const REPLICASET_SPEC = schema('replicas minReadySeconds selector template', { selector: LABEL_SELECTOR }, { templates: 'template' });

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installReplicasetAdmission(api: ApiRegistries): void {
  api.admission.register('replicasets.apps', {
    unknownFields: (obj) => objectUnknownFields(obj, REPLICASET_SPEC),
    decodeError: (obj) =>
      specFieldDecodeError(obj.spec, 'ReplicaSetSpec', [
        { key: 'replicas', type: 'int32' },
        { key: 'minReadySeconds', type: 'int32' },
      ]) ?? templateDecodeError(obj.spec?.template),
    default(obj, ctx, old) {
      // A new object starts with an empty status whatever the manifest says (PrepareForCreate).
      if (!old) delete obj.status;
      const spec = (obj.spec ??= {});
      spec.replicas ??= 1;
      defaultTemplate((spec.template ??= {}), ctx);
    },
    validate(obj, _ctx, old) {
      const spec = obj.spec ?? {};
      return [
        ...metaCauses(obj),
        ...nonNegative(spec.replicas, 'spec.replicas'),
        ...nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds'),
        ...selectorAndTemplateCauses(spec),
        ...selectorImmutableCauses(obj, old),
      ];
    },
  });
}
