/**
 * ResourceQuota (v1) as the API server admits it: quantities that do not parse are a decode
 * error, values are stored in canonical form, a new quota starts with no status (the quota
 * controller fills `hard` and `used`), and hard limits may not be negative.
 */
import { canonicalQuantity, parseQuantity, quantityError } from '../../api/quantity.ts';
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { invalidValue, validateObjectMeta } from '../../apiserver/validation.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function validate(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  for (const [name, v] of Object.entries((obj.spec?.hard ?? {}) as Obj)) {
    if (parseQuantity(v).mantissa < 0n) causes.push(invalidValue(`spec.hard[${name}]`, v, 'must be greater than or equal to 0'));
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installResourcequotaAdmission(api: ApiRegistries): void {
  api.admission.register('resourcequotas', {
    decodeError(obj) {
      for (const v of Object.values((obj.spec?.hard ?? {}) as Obj)) {
        const err = quantityError(v);
        if (err) return err;
      }
      return undefined;
    },
    default(obj, _ctx, old) {
      const hard = obj.spec?.hard as Obj | undefined;
      if (hard) for (const k of Object.keys(hard)) hard[k] = canonicalQuantity(hard[k]);
      if (!old) delete obj.status;
    },
    validate: (obj) => validate(obj),
  });
}
