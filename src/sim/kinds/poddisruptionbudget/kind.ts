/**
 * PodDisruptionBudget (policy/v1) as the API server validates it (ValidatePodDisruptionBudget):
 * a DNS-subdomain name, not both minAvailable and maxUnavailable, each a non-negative integer or
 * a percentage of at most 100%, and a known unhealthyPodEvictionPolicy. Neither field is
 * valid for the server (kubectl's `create pdb` is the one that asks for one).
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { invalidValue, notSupported, validateObjectMeta } from '../../apiserver/validation.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';
import type { Obj } from './budget.ts';

const POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** An IntOrString as Go's %#v prints it. */
function goIntOrString(v: unknown): string {
  if (typeof v === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${Number(v ?? 0)}, StrVal:""}`;
}

const invalidIntOrString = (field: string, v: unknown, detail: string): StatusCause => ({
  reason: 'FieldValueInvalid',
  field,
  message: `${field}: Invalid value: ${goIntOrString(v)}: ${detail}`,
});

/** The spec as Go's %#v prints the internal struct: its pointers as addresses (these are made up). */
function goSpec(spec: Obj): string {
  const ptr = (set: boolean, type: string, addr: string) => `(*${type})(${set ? addr : 'nil'})`;
  const has = (k: string) => spec[k] !== undefined && spec[k] !== null;
  return (
    'policy.PodDisruptionBudgetSpec{' +
    `MinAvailable:${ptr(has('minAvailable'), 'intstr.IntOrString', '0xc00a4e1f40')}, ` +
    `Selector:${ptr(has('selector'), 'v1.LabelSelector', '0xc00a5d2c60')}, ` +
    `MaxUnavailable:${ptr(has('maxUnavailable'), 'intstr.IntOrString', '0xc00a4e1f60')}, ` +
    `UnhealthyPodEvictionPolicy:${ptr(has('unhealthyPodEvictionPolicy'), 'policy.UnhealthyPodEvictionPolicyType', '0xc00a6b3e50')}}`
  );
}

/** ValidatePositiveIntOrPercent and IsNotMoreThan100Percent. */
function intOrPercent(v: unknown, field: string): StatusCause[] {
  if (typeof v === 'string') {
    const m = /^([0-9]+)%$/.exec(v);
    if (!m) return [invalidIntOrString(field, v, PERCENT_MSG)];
    return Number(m[1]) > 100 ? [invalidIntOrString(field, v, 'must not be greater than 100%')] : [];
  }
  if (typeof v === 'number' && v < 0) return [invalidValue(field, v, 'must be greater than or equal to 0')];
  return [];
}

function validate(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const spec = (obj.spec ?? {}) as Obj;
  const min = spec.minAvailable !== undefined && spec.minAvailable !== null;
  const max = spec.maxUnavailable !== undefined && spec.maxUnavailable !== null;
  if (min && max)
    causes.push({
      reason: 'FieldValueInvalid',
      field: 'spec',
      message: `spec: Invalid value: ${goSpec(spec)}: minAvailable and maxUnavailable cannot be both set`,
    });
  if (min) causes.push(...intOrPercent(spec.minAvailable, 'spec.minAvailable'));
  if (max) causes.push(...intOrPercent(spec.maxUnavailable, 'spec.maxUnavailable'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && policy !== null && !POLICIES.includes(policy)) causes.push(notSupported('spec.unhealthyPodEvictionPolicy', policy, POLICIES));
  return causes;
}

/** Installs the kind's validation into an API server. */
export function installPdbAdmission(api: ApiRegistries): void {
  api.admission.register('poddisruptionbudgets.policy', { validate: (obj) => validate(obj) });
}
