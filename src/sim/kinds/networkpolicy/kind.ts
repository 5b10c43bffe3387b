/**
 * NetworkPolicy (networking.k8s.io/v1) as the API server admits it: policyTypes defaults to
 * Ingress, plus Egress when egress rules are given (SetDefaults_NetworkPolicy), every port's
 * protocol to TCP; the checks of ValidateNetworkPolicy that learners meet (a peer needs a
 * selector or an ipBlock and not both kinds at once, an ipBlock needs a valid CIDR, unknown
 * policy types, port ranges).
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { forbiddenField, invalidValue, notSupported, required, validateObjectMeta } from '../../apiserver/validation.ts';
import { NETWORK_POLICIES } from './policy.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const TYPES = ['Ingress', 'Egress'];
const CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

function validCidr(c: string): boolean {
  const m = CIDR.exec(c);
  return !!m && m.slice(1, 5).every((x) => Number(x) <= 255) && Number(m[5]) <= 32;
}

function rules(spec: Obj, field: 'ingress' | 'egress'): Obj[] {
  return Array.isArray(spec[field]) ? (spec[field] as Obj[]) : [];
}

function defaults(obj: KubeObject): void {
  const spec = (obj.spec ??= {}) as Obj;
  spec.podSelector ??= {};
  for (const field of ['ingress', 'egress'] as const) for (const r of rules(spec, field)) for (const p of (r.ports ?? []) as Obj[]) p.protocol ??= 'TCP';
  if (!Array.isArray(spec.policyTypes) || !spec.policyTypes.length)
    spec.policyTypes = Array.isArray(spec.egress) && spec.egress.length ? ['Ingress', 'Egress'] : ['Ingress'];
}

/** ValidateNetworkPolicyPeer: the ipBlock's own checks first, then the peer-type rules. */
function validatePeer(peer: Obj, path: string): StatusCause[] {
  const causes: StatusCause[] = [];
  const count = ['podSelector', 'namespaceSelector', 'ipBlock'].filter((k) => peer[k] !== undefined && peer[k] !== null).length;
  if (peer.ipBlock) {
    const cidr = String(peer.ipBlock.cidr ?? '');
    if (!cidr) causes.push(required(`${path}.ipBlock.cidr`));
    else if (!validCidr(cidr)) causes.push(invalidValue(`${path}.ipBlock.cidr`, cidr, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'));
  }
  if (count === 0) causes.push(required(path, 'must specify a peer'));
  else if (count > 1 && peer.ipBlock) causes.push(forbiddenField(path, 'may not specify both ipBlock and another peer'));
  return causes;
}

function validate(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const spec = (obj.spec ?? {}) as Obj;
  for (const field of ['ingress', 'egress'] as const) {
    rules(spec, field).forEach((r, i) => {
      ((r.ports ?? []) as Obj[]).forEach((p, j) => {
        const at = `spec.${field}[${i}].ports[${j}]`;
        if (!['TCP', 'UDP', 'SCTP'].includes(p.protocol)) causes.push(notSupported(`${at}.protocol`, p.protocol, ['SCTP', 'TCP', 'UDP']));
        if (typeof p.port === 'number' && (p.port < 1 || p.port > 65535))
          causes.push(invalidValue(`${at}.port`, p.port, 'must be between 1 and 65535, inclusive'));
        if (p.endPort !== undefined && typeof p.port !== 'number') causes.push(required(`${at}.port`, 'must be specified when endPort is specified'));
        else if (p.endPort !== undefined && p.endPort < p.port)
          causes.push(invalidValue(`${at}.endPort`, p.endPort, 'must be greater than or equal to `port`'));
      });
      ((r[field === 'ingress' ? 'from' : 'to'] ?? []) as Obj[]).forEach((peer, j) =>
        causes.push(...validatePeer(peer, `spec.${field}[${i}].${field === 'ingress' ? 'from' : 'to'}[${j}]`)),
      );
    });
  }
  ((spec.policyTypes ?? []) as string[]).forEach((t, i) => {
    if (!TYPES.includes(t)) causes.push(notSupported(`spec.policyTypes[${i}]`, t, TYPES));
  });
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installNetworkpolicyAdmission(api: ApiRegistries): void {
  api.admission.register(NETWORK_POLICIES, { default: (obj) => defaults(obj), validate: (obj) => validate(obj) });
}
