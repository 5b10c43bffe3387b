/**
 * LimitRange (v1) as the API server admits it: quantities that do not parse are a decode
 * error; Container items get their defaults (SetDefaults_LimitRangeItem: a missing default
 * limit is the max, a missing default request is the default limit, else the min); the
 * ordering checks of ValidateLimitRange (min <= default request <= default <= max, ratio >= 1).
 */
import { canonicalQuantity, compareQuantity, formatQuantity, parseQuantity, quantityError, type Quantity } from '../../api/quantity.ts';
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { invalidValue, notSupported, required, validateObjectMeta } from '../../apiserver/validation.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The fields of a LimitRangeItem that hold resource lists. */
export const LIST_FIELDS = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;
const TYPES = ['Container', 'PersistentVolumeClaim', 'Pod'];

function items(obj: KubeObject): Obj[] {
  return Array.isArray(obj.spec?.limits) ? (obj.spec.limits as Obj[]) : [];
}

function defaultItem(item: Obj): void {
  for (const f of LIST_FIELDS) {
    const list = item[f] as Obj | undefined;
    if (list) for (const k of Object.keys(list)) list[k] = canonicalQuantity(list[k]);
  }
  if (item.type !== 'Container') return;
  const fill = (to: 'default' | 'defaultRequest', from: Obj | undefined): void => {
    for (const [k, v] of Object.entries(from ?? {})) {
      item[to] ??= {};
      if (item[to][k] === undefined) item[to][k] = v;
    }
  };
  fill('default', item.max);
  fill('defaultRequest', item.default);
  fill('defaultRequest', item.min);
}

const q = (v: unknown): Quantity => parseQuantity(v as string);
const gt = (a: unknown, b: unknown): boolean => compareQuantity(q(a), q(b)) > 0;
const s = (v: unknown): string => formatQuantity(q(v));

function validateItem(item: Obj, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (!item.type) causes.push(required(`${path}.type`));
  else if (!TYPES.includes(item.type)) causes.push(notSupported(`${path}.type`, item.type, TYPES));
  const [max, min, def, defReq, ratio] = LIST_FIELDS.map((f) => (item[f] ?? {}) as Obj) as [Obj, Obj, Obj, Obj, Obj];
  const names = new Set(LIST_FIELDS.flatMap((f) => Object.keys((item[f] ?? {}) as Obj)));
  for (const k of [...names].sort()) {
    const at = (f: string): string => `${path}.${f}[${k}]`;
    if (min[k] !== undefined && max[k] !== undefined && gt(min[k], max[k]))
      causes.push(invalidValue(at('min'), s(min[k]), `min value ${s(min[k])} is greater than max value ${s(max[k])}`));
    if (defReq[k] !== undefined && min[k] !== undefined && gt(min[k], defReq[k]))
      causes.push(invalidValue(at('defaultRequest'), s(defReq[k]), `min value ${s(min[k])} is greater than default request value ${s(defReq[k])}`));
    if (defReq[k] !== undefined && max[k] !== undefined && gt(defReq[k], max[k]))
      causes.push(invalidValue(at('defaultRequest'), s(defReq[k]), `default request value ${s(defReq[k])} is greater than max value ${s(max[k])}`));
    if (defReq[k] !== undefined && def[k] !== undefined && gt(defReq[k], def[k]))
      causes.push(invalidValue(at('defaultRequest'), s(defReq[k]), `default request value ${s(defReq[k])} is greater than default limit value ${s(def[k])}`));
    if (def[k] !== undefined && min[k] !== undefined && gt(min[k], def[k]))
      causes.push(invalidValue(at('default'), s(min[k]), `min value ${s(min[k])} is greater than default value ${s(def[k])}`));
    if (def[k] !== undefined && max[k] !== undefined && gt(def[k], max[k]))
      causes.push(invalidValue(at('default'), s(max[k]), `default value ${s(def[k])} is greater than max value ${s(max[k])}`));
    if (ratio[k] !== undefined && compareQuantity(q(ratio[k]), q('1')) < 0)
      causes.push(invalidValue(at('maxLimitRequestRatio'), s(ratio[k]), `ratio ${s(ratio[k])} is less than 1`));
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installLimitrangeAdmission(api: ApiRegistries): void {
  api.admission.register('limitranges', {
    decodeError(obj) {
      for (const item of items(obj)) {
        for (const f of LIST_FIELDS) {
          for (const v of Object.values((item[f] ?? {}) as Obj)) {
            const err = quantityError(v);
            if (err) return err;
          }
        }
      }
      return undefined;
    },
    default: (obj) => items(obj).forEach(defaultItem),
    validate: (obj) => [...validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }), ...items(obj).flatMap((it, i) => validateItem(it, `spec.limits[${i}]`))],
  });
}
