/**
 * HorizontalPodAutoscaler as the API server admits it, in either served version: an
 * autoscaling/v1 object is decoded against the v1 schema and converted to the stored v2 form;
 * v2 defaults follow SetDefaults_HorizontalPodAutoscaler (minReplicas 1, a CPU utilization
 * target of 80% when no metric is given, a given behavior completed with the default scaling
 * rules); validation is the part of ValidateHorizontalPodAutoscaler learners meet.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { quantityError } from '../../api/quantity.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { invalidValue, notSupported, required, validateObjectMeta } from '../../apiserver/validation.ts';
import { schema, type Schema } from '../../apiserver/kinds/workload-common.ts';
import { specFieldDecodeError } from '../../apiserver/kinds/replicaset.ts';
import { objectMetaUnknownFields } from '../../apiserver/kinds/pod-spec-schema.ts';
import { HPAS, V1, v1ToV2 } from './convert.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const REF = schema('apiVersion kind name');
const SELECTOR = schema('matchLabels matchExpressions', { matchExpressions: schema('key operator values') });
const IDENT = schema('name selector', { selector: SELECTOR });
const TARGET = schema('type value averageValue averageUtilization');
const RULES = schema('stabilizationWindowSeconds selectPolicy policies', { policies: schema('type value periodSeconds') });
const V2_SPEC = schema('scaleTargetRef minReplicas maxReplicas metrics behavior', {
  scaleTargetRef: REF,
  metrics: schema('type object pods resource containerResource external', {
    object: schema('describedObject target metric', { describedObject: REF, target: TARGET, metric: IDENT }),
    pods: schema('metric target', { metric: IDENT, target: TARGET }),
    resource: schema('name target', { target: TARGET }),
    containerResource: schema('name target container', { target: TARGET }),
    external: schema('metric target', { metric: IDENT, target: TARGET }),
  }),
  behavior: schema('scaleUp scaleDown', { scaleUp: RULES, scaleDown: RULES }),
});
const V1_SPEC = schema('scaleTargetRef minReplicas maxReplicas targetCPUUtilizationPercentage', { scaleTargetRef: REF });

function walk(v: unknown, sc: Schema, path: string, out: string[]): void {
  if (Array.isArray(v)) return v.forEach((item, i) => walk(item, sc, `${path}[${i}]`, out));
  if (!v || typeof v !== 'object') return;
  for (const [k, child] of Object.entries(v as Obj)) {
    const p = `${path}.${k}`;
    if (!sc.keys.has(k)) out.push(p);
    else if (sc.nested?.[k]) walk(child, sc.nested[k]!, p, out);
  }
}

function unknownFields(obj: KubeObject): string[] {
  const out: string[] = [];
  for (const k of Object.keys(obj)) {
    if (k === 'apiVersion' || k === 'kind' || k === 'status') continue;
    if (k === 'metadata') out.push(...objectMetaUnknownFields(obj.metadata, 'metadata'));
    else if (k === 'spec') walk(obj.spec, obj.apiVersion === V1 ? V1_SPEC : V2_SPEC, 'spec', out);
    else out.push(k);
  }
  return out;
}

function decodeError(obj: KubeObject): string | undefined {
  const ints = [
    { key: 'minReplicas', type: 'int32' as const },
    { key: 'maxReplicas', type: 'int32' as const },
    ...(obj.apiVersion === V1 ? [{ key: 'targetCPUUtilizationPercentage', type: 'int32' as const }] : []),
  ];
  const err = specFieldDecodeError(obj.spec, 'HorizontalPodAutoscalerSpec', ints);
  if (err) return err;
  for (const m of (Array.isArray(obj.spec?.metrics) ? obj.spec.metrics : []) as Obj[]) {
    for (const src of ['resource', 'containerResource', 'pods', 'object', 'external']) {
      const t = m?.[src]?.target;
      for (const q of ['value', 'averageValue']) if (t?.[q] !== undefined) return quantityError(t[q]) ?? undefined;
    }
  }
  return undefined;
}

/** The scaling rules the controller uses for a direction the behavior leaves out (GenerateHPAScale{Up,Down}Rules). */
export function defaultRules(direction: 'scaleUp' | 'scaleDown'): Obj {
  return direction === 'scaleUp'
    ? {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [
          { type: 'Pods', value: 4, periodSeconds: 15 },
          { type: 'Percent', value: 100, periodSeconds: 15 },
        ],
      }
    : { stabilizationWindowSeconds: 300, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

function completeRules(rules: Obj | undefined, direction: 'scaleUp' | 'scaleDown'): Obj {
  const d = defaultRules(direction);
  if (!rules) return d;
  return {
    ...rules,
    stabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? d.stabilizationWindowSeconds,
    selectPolicy: rules.selectPolicy ?? d.selectPolicy,
    policies: Array.isArray(rules.policies) && rules.policies.length ? rules.policies : d.policies,
  };
}

/** SetDefaults_HorizontalPodAutoscaler (autoscaling/v2), after converting a v1 object; a new object's status starts empty (desiredReplicas is never omitted). */
function defaults(obj: KubeObject, old?: KubeObject): void {
  if (!old) obj.status = { desiredReplicas: 0 };
  if (obj.apiVersion === V1) {
    // In place: the API server goes on writing to this object's metadata.
    const v2 = v1ToV2(obj);
    obj.apiVersion = v2.apiVersion;
    obj.spec = v2.spec;
    if (v2.status) obj.status = v2.status;
    if (v2.metadata.annotations) obj.metadata.annotations = v2.metadata.annotations;
    else delete obj.metadata.annotations;
  }
  const spec = (obj.spec ??= {}) as Obj;
  spec.minReplicas ??= 1;
  if (!Array.isArray(spec.metrics) || !spec.metrics.length) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
  }
  if (spec.behavior)
    spec.behavior = { scaleUp: completeRules(spec.behavior.scaleUp, 'scaleUp'), scaleDown: completeRules(spec.behavior.scaleDown, 'scaleDown') };
}

const SOURCES: Record<string, string> = { Object: 'object', Pods: 'pods', Resource: 'resource', ContainerResource: 'containerResource', External: 'external' };

function targetCauses(t: Obj | undefined, path: string): StatusCause[] {
  if (!t) return [required(path, 'must specify a metric target')];
  const out: StatusCause[] = [];
  if (!t.type) out.push(required(`${path}.type`, 'must specify a metric target type'));
  else if (!['Utilization', 'Value', 'AverageValue'].includes(t.type))
    out.push(invalidValue(`${path}.type`, t.type, 'must be either Utilization, Value, or AverageValue'));
  if (t.averageUtilization !== undefined && t.averageUtilization !== null && t.averageUtilization < 1) {
    out.push(invalidValue(`${path}.averageUtilization`, t.averageUtilization, 'must be greater than 0'));
  }
  if (t.type === 'Utilization' && (t.averageUtilization === undefined || t.averageUtilization === null)) {
    out.push(required(`${path}.averageUtilization`, 'must set averageUtilization when type is Utilization'));
  }
  return out;
}

function metricCauses(m: Obj, path: string): StatusCause[] {
  if (!m?.type) return [required(`${path}.type`, 'must specify a metric source type')];
  const field = SOURCES[m.type];
  if (!field) return [invalidValue(`${path}.type`, m.type, 'must be either External, Object, Pods, Resource or ContainerResource')];
  const src = m[field] as Obj | undefined;
  if (!src) return [required(`${path}.${field}`, `must populate information for the given metric source`)];
  const out: StatusCause[] = [];
  if ((field === 'resource' || field === 'containerResource') && !src.name) out.push(required(`${path}.${field}.name`, 'must specify a resource name'));
  if (field === 'containerResource' && !src.container) out.push(required(`${path}.${field}.container`, 'must specify a container'));
  out.push(...targetCauses(src.target, `${path}.${field}.target`));
  return out;
}

function rulesCauses(r: Obj | undefined, path: string): StatusCause[] {
  if (!r) return [];
  const out: StatusCause[] = [];
  const w = r.stabilizationWindowSeconds;
  if (w !== undefined && w < 0) out.push(invalidValue(`${path}.stabilizationWindowSeconds`, w, 'must be greater than or equal to zero'));
  if (w !== undefined && w > 3600) out.push(invalidValue(`${path}.stabilizationWindowSeconds`, w, 'must be less than or equal to 3600'));
  if (r.selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(r.selectPolicy))
    out.push(notSupported(`${path}.selectPolicy`, r.selectPolicy, ['Disabled', 'Max', 'Min']));
  ((r.policies ?? []) as Obj[]).forEach((p, i) => {
    const pp = `${path}.policies[${i}]`;
    if (!['Percent', 'Pods'].includes(p?.type)) out.push(notSupported(`${pp}.type`, p?.type ?? '', ['Percent', 'Pods']));
    if (!(p?.value > 0)) out.push(invalidValue(`${pp}.value`, p?.value ?? 0, 'must be greater than zero'));
    if (!(p?.periodSeconds > 0)) out.push(invalidValue(`${pp}.periodSeconds`, p?.periodSeconds ?? 0, 'must be greater than zero'));
    else if (p.periodSeconds > 1800) out.push(invalidValue(`${pp}.periodSeconds`, p.periodSeconds, 'must be less than or equal to 1800'));
  });
  return out;
}

/** ValidateHorizontalPodAutoscaler, in the server's order. */
export function validateHpa(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const spec = (obj.spec ?? {}) as Obj;
  const ref = (spec.scaleTargetRef ?? {}) as Obj;
  if (!ref.kind) causes.push(required('spec.scaleTargetRef.kind'));
  if (!ref.name) causes.push(required('spec.scaleTargetRef.name'));
  if (spec.minReplicas !== undefined && spec.minReplicas !== null && spec.minReplicas < 1) {
    causes.push(invalidValue('spec.minReplicas', spec.minReplicas, 'must be greater than or equal to 1'));
  }
  if (!(spec.maxReplicas >= 1)) causes.push(invalidValue('spec.maxReplicas', spec.maxReplicas ?? 0, 'must be greater than 0'));
  else if (spec.minReplicas !== undefined && spec.minReplicas > spec.maxReplicas) {
    causes.push(invalidValue('spec.maxReplicas', spec.maxReplicas, 'must be greater than or equal to `minReplicas`'));
  }
  ((spec.metrics ?? []) as Obj[]).forEach((m, i) => causes.push(...metricCauses(m, `spec.metrics[${i}]`)));
  causes.push(...rulesCauses(spec.behavior?.scaleUp, 'spec.behavior.scaleUp'), ...rulesCauses(spec.behavior?.scaleDown, 'spec.behavior.scaleDown'));
  return causes;
}

/** HorizontalPodAutoscaler's admission: strict decoding, defaults and validation. */
export function installHpaAdmission(api: ApiRegistries): void {
  api.admission.register(HPAS, {
    unknownFields,
    decodeError,
    default: (obj, _ctx, old) => defaults(obj, old),
    validate: (obj) => validateHpa(obj),
  });
}
