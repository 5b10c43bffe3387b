/**
 * Building blocks for kind validation: field-error causes worded like apimachinery's
 * field.Error, name rules, and ObjectMeta validation (pkg/api/validation/objectmeta.go).
 */
import type { StatusCause } from '../api/errors.ts';
import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
} from '../api/names.ts';
import type { ObjectMeta } from '../api/types.ts';

export {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isEnvVarName,
  isValidPortName,
} from '../api/names.ts';

/**
 * Prints a value as field.Error does (%#v-ish): strings quoted, numbers bare, string maps as
 * `map[string]string{"app":"web"}`, string slices as `[]string{"a"}`.
 */
export function goValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'string')) return `[]string{${v.map((x) => JSON.stringify(x)).join(', ')}}`;
    return JSON.stringify(v);
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.every(([, x]) => typeof x === 'string')) {
      const keys = entries.map(([k]) => k).sort();
      return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify((v as Record<string, string>)[k])}`).join(', ')}}`;
    }
  }
  return JSON.stringify(v);
}

/** `field: Required value` (optionally `: detail`). */
export function required(field: string, detail = ''): StatusCause {
  return { reason: 'FieldValueRequired', field, message: `${field}: Required value${detail ? `: ${detail}` : ''}` };
}

/** `field: Invalid value: <value>: detail`. */
export function invalidValue(field: string, value: unknown, detail: string): StatusCause {
  return { reason: 'FieldValueInvalid', field, message: `${field}: Invalid value: ${goValue(value)}${detail ? `: ${detail}` : ''}` };
}

/** `field: Duplicate value: <value>`. */
export function duplicate(field: string, value: unknown): StatusCause {
  return { reason: 'FieldValueDuplicate', field, message: `${field}: Duplicate value: ${goValue(value)}` };
}

/** `field: Unsupported value: "x": supported values: "a", "b"`. */
export function notSupported(field: string, value: unknown, supported: string[]): StatusCause {
  const list = supported.map((s) => JSON.stringify(s)).join(', ');
  return {
    reason: 'FieldValueNotSupported',
    field,
    message: `${field}: Unsupported value: ${goValue(value)}${supported.length ? `: supported values: ${list}` : ''}`,
  };
}

/** `field: Forbidden: detail`. */
export function forbiddenField(field: string, detail: string): StatusCause {
  return { reason: 'FieldValueForbidden', field, message: `${field}: Forbidden: ${detail}` };
}

/** `field: Too long: may not be more than N bytes`. */
export function tooLong(field: string, max: number): StatusCause {
  return { reason: 'FieldValueTooLong', field, message: `${field}: Too long: may not be more than ${max} bytes` };
}

/** Which name syntax a kind uses for metadata.name. */
export type NameRule = 'subdomain' | 'label' | 'dns1035' | 'none';

const NAME_RULES: Record<NameRule, (v: string) => string[]> = {
  subdomain: isDNS1123Subdomain,
  label: isDNS1123Label,
  dns1035: isDNS1035Label,
  none: () => [],
};

/** Name errors under a rule (one cause per message, as ValidateObjectMeta emits). */
export function validateName(name: string, rule: NameRule, field = 'metadata.name'): StatusCause[] {
  return NAME_RULES[rule](name).map((m) => invalidValue(field, name, m));
}

/** Label map errors at `field` (keys then values, per label, as ValidateLabels). */
export function validateLabels(labels: Record<string, unknown> | undefined, field: string): StatusCause[] {
  const out: StatusCause[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    for (const m of isQualifiedName(k)) out.push(invalidValue(field, k, m));
    for (const m of isValidLabelValue(String(v ?? ''))) out.push(invalidValue(field, String(v ?? ''), m));
  }
  return out;
}

/** Annotation key errors at `field` (keys are lower-cased before checking, as the server does). */
export function validateAnnotations(annotations: Record<string, unknown> | undefined, field: string): StatusCause[] {
  const out: StatusCause[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    for (const m of isQualifiedName(k.toLowerCase())) out.push(invalidValue(field, k, m));
    size += k.length + String(v ?? '').length;
  }
  if (size > 256 * 1024) out.push(tooLong(field, 256 * 1024));
  return out;
}

/** Options for validateObjectMeta. */
export interface ObjectMetaRules {
  nameRule: NameRule;
  /** Path prefix, `metadata` unless validating a template's metadata. */
  path?: string;
}

/** ObjectMeta validation: name, labels, annotations, in the server's order. */
export function validateObjectMeta(meta: ObjectMeta, rules: ObjectMetaRules): StatusCause[] {
  const p = rules.path ?? 'metadata';
  const out: StatusCause[] = [];
  if (meta.name !== undefined && meta.name !== '') out.push(...validateName(meta.name, rules.nameRule, `${p}.name`));
  out.push(...validateLabels(meta.labels, `${p}.labels`));
  out.push(...validateAnnotations(meta.annotations, `${p}.annotations`));
  return out;
}

/** Whether a value is a non-negative integer (JSON number). */
export function isNonNegativeInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
