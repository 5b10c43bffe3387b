/**
 * What the StatefulSet, DaemonSet, Job and CronJob kinds share: strict-decoding schemas that
 * hand pod templates to the PodSpec schema, pod template defaulting, and the selector-versus-
 * template-labels rule of the apps and batch validators.
 */
import type { StatusCause } from '../../api/errors.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';
import type { AdmissionContext } from '../admission.ts';
import { invalidValue, required, validateObjectMeta } from '../validation.ts';
import { defaultPodTemplate, objectMetaUnknownFields, podSpecDecodeError, podSpecUnknownFields, validatePodSpec } from './pod-spec.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** A schema node: known keys, sub-schemas, and which keys hold a pod template or an ObjectMeta. */
export interface Schema {
  keys: Set<string>;
  nested?: Record<string, Schema>;
  /** Keys whose value is a PodTemplateSpec. */
  templates?: Set<string>;
  /** Keys whose value is an ObjectMeta. */
  metas?: Set<string>;
}

/** Builds a schema from space-separated keys. */
export function schema(keys: string, nested?: Record<string, Schema>, extra: { templates?: string; metas?: string } = {}): Schema {
  const set = (t?: string) => (t ? new Set(t.split(/\s+/).filter(Boolean)) : undefined);
  return { keys: set(keys)!, nested, templates: set(extra.templates), metas: set(extra.metas) };
}

/** The schema of a LabelSelector. */
export const LABEL_SELECTOR = schema('matchLabels matchExpressions', { matchExpressions: schema('key operator values') });

function walk(v: unknown, sc: Schema, path: string, out: string[]): void {
  if (Array.isArray(v)) {
    v.forEach((item, i) => walk(item, sc, `${path}[${i}]`, out));
    return;
  }
  if (!v || typeof v !== 'object') return;
  for (const [k, child] of Object.entries(v as Obj)) {
    const p = path ? `${path}.${k}` : k;
    if (!sc.keys.has(k)) {
      out.push(p);
      continue;
    }
    if (sc.templates?.has(k)) out.push(...templateUnknownFields(child, p));
    else if (sc.metas?.has(k)) out.push(...objectMetaUnknownFields(child, p));
    else if (sc.nested?.[k]) walk(child, sc.nested[k]!, p, out);
  }
}

function templateUnknownFields(t: unknown, path: string): string[] {
  if (!t || typeof t !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(t as Obj)) {
    if (k === 'metadata') out.push(...objectMetaUnknownFields(v, `${path}.metadata`));
    else if (k === 'spec') out.push(...podSpecUnknownFields(v, `${path}.spec`));
    else out.push(`${path}.${k}`);
  }
  return out;
}

/** Unknown fields of a whole object whose `spec` follows `spec` and `status` is free-form. */
export function objectUnknownFields(obj: KubeObject, spec: Schema): string[] {
  const out: string[] = [];
  for (const k of Object.keys(obj)) {
    if (k === 'apiVersion' || k === 'kind' || k === 'status') continue;
    if (k === 'metadata') out.push(...objectMetaUnknownFields(obj.metadata, 'metadata'));
    else if (k === 'spec') walk(obj.spec, spec, 'spec', out);
    else out.push(k);
  }
  return out;
}

/** Decode errors (bad quantities) inside a pod template. */
export function templateDecodeError(template: Obj | undefined): string | undefined {
  return podSpecDecodeError(template?.spec);
}

/** Pod template defaulting (as every workload's template gets). */
export function defaultTemplate(template: Obj | undefined, ctx?: AdmissionContext): void {
  if (template && typeof template === 'object') defaultPodTemplate(template, ctx);
}

/** Validates `metadata` with the subdomain name rule (most workload kinds). */
export function metaCauses(obj: KubeObject): StatusCause[] {
  return validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
}

/**
 * The apps/batch rule: `spec.selector` is required (optionally non-empty) and must match the
 * template labels; a nil selector matches nothing, so both causes appear together.
 */
export function selectorCauses(spec: Obj, path: string, emptyMessage?: string): StatusCause[] {
  const causes: StatusCause[] = [];
  const sel = spec.selector;
  if (!sel) causes.push(required(`${path}.selector`));
  else if (emptyMessage && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
    causes.push(invalidValue(`${path}.selector`, goLabelSelector(sel), emptyMessage));
  }
  let ok = false;
  try {
    const s = selectorFromSpec(sel);
    ok = (!s.nothing && s.requirements.length === 0) || matches(s, spec.template?.metadata?.labels ?? {});
  } catch {
    ok = true;
  }
  if (!ok) {
    const labels = spec.template?.metadata?.labels;
    causes.push({
      reason: 'FieldValueInvalid',
      field: `${path}.template.metadata.labels`,
      message: `${path}.template.metadata.labels: Invalid value: ${goStringMap(labels)}: \`selector\` does not match template \`labels\``,
    });
  }
  return causes;
}

/** Template metadata + PodSpec validation at `path` (`spec.template`). */
export function templateCauses(template: Obj | undefined, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (template?.metadata) causes.push(...validateObjectMeta(template.metadata, { nameRule: 'none', path: `${path}.metadata` }));
  causes.push(...validatePodSpec(template?.spec, `${path}.spec`));
  return causes;
}

/** `map[string]string{"a":"b"}` / `map[string]string(nil)`, as Go's %#v prints label maps. */
export function goStringMap(m: Record<string, string> | undefined): string {
  if (!m) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`).join(', ')}}`;
}

/** A LabelSelector as Go's %#v prints it (in "field is immutable" messages). */
export function goLabelSelector(sel: Obj | undefined): string {
  if (!sel) return '(*v1.LabelSelector)(nil)';
  const exprs = sel.matchExpressions?.length
    ? `[]v1.LabelSelectorRequirement{${(sel.matchExpressions as Obj[])
        .map(
          (e) =>
            `v1.LabelSelectorRequirement{Key:${JSON.stringify(e.key)}, Operator:${JSON.stringify(e.operator)}, Values:${
              e.values ? `[]string{${(e.values as string[]).map((v) => JSON.stringify(v)).join(', ')}}` : '[]string(nil)'
            }}`,
        )
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(sel.matchLabels)}, MatchExpressions:${exprs}}`;
}

/** `field: Invalid value: <v>: must be greater than or equal to 0` for negative integers. */
export function nonNegative(value: unknown, field: string): StatusCause[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'number' && value >= 0) return [];
  return [invalidValue(field, value, 'must be greater than or equal to 0')];
}

/** A JSON-equality check for immutability rules. */
export function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
