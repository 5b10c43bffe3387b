/**
 * The CertificateSigningRequest kind as a 1.32 API server keeps it: validation (spec.request
 * must be a PEM CERTIFICATE REQUEST signed by its own key, usages, signerName,
 * expirationSeconds, conditions), its strategy (spec is immutable, status is reset on create)
 * and the `approval` subresource, the only way to add Approved or Denied.
 */
import { ApiError, invalid, type StatusCause } from '../../api/errors.ts';
import { base64Decode } from '../../api/base64.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../api/names.ts';
import { clone, isoTime, type KubeObject } from '../../api/types.ts';
import type { ApiServer } from '../../apiserver/api-server.ts';
import { duplicate, forbiddenField, invalidValue, notSupported, required, tooLong, validateObjectMeta } from '../../apiserver/validation.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { parseRequestPem } from '../../auth/pki.ts';
import { CSRS } from './names.ts';

export interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

const VALID_USAGES = [
  'any',
  'cert sign',
  'client auth',
  'code signing',
  'content commitment',
  'crl sign',
  'data encipherment',
  'decipher only',
  'digital signature',
  'email protection',
  'encipher only',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'key agreement',
  'key encipherment',
  'microsoft sgc',
  'netscape sgc',
  'ocsp signing',
  's/mime',
  'server auth',
  'signing',
  'timestamping',
];

/** Go's %#v of a []byte: `[]byte{0x2d, 0x2d, ...}`. */
function goBytes(text: string): string {
  return `[]byte{${[...text].map((c) => `0x${c.charCodeAt(0).toString(16)}`).join(', ')}}`;
}

function validateSignerName(field: string, signer: string): StatusCause[] {
  if (!signer) return [required(field, 'signerName must be provided')];
  const segments = signer.split('/');
  if (segments.length !== 2) return [invalidValue(field, signer, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const out: StatusCause[] = [];
  const [domain, path] = segments as [string, string];
  if (domain.length > 253) out.push(tooLong(field, 253));
  const labels = domain.split('.');
  for (const l of labels) {
    const errs = isDNS1123Label(l);
    if (errs.length) {
      for (const e of errs) out.push(invalidValue(field, domain, `validating label ${JSON.stringify(l)}: ${e}`));
      break;
    }
  }
  if (labels.length < 2) out.push(invalidValue(field, domain, 'should be a domain with at least two segments separated by dots'));
  for (const l of path.split('.')) {
    const errs = isDNS1123Subdomain(l);
    if (errs.length) {
      for (const e of errs) out.push(invalidValue(field, path, `validating label ${JSON.stringify(l)}: ${e}`));
      break;
    }
  }
  if (signer.length > 253 + 253 + 63 + 1 + 1) out.push(tooLong(field, 571));
  return out;
}

function validateConditions(csr: KubeObject): StatusCause[] {
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  ((csr.status?.conditions ?? []) as Condition[]).forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (!c.type) out.push(required(`${at}.type`));
    const trueOnly = ['Approved', 'Denied', 'Failed'].includes(c.type ?? '');
    const allowed = trueOnly ? ['True'] : ['False', 'True', 'Unknown'];
    if (!c.status) out.push(required(`${at}.status`));
    else if (!allowed.includes(c.status)) out.push(notSupported(`${at}.status`, c.status, allowed));
    if (c.type === 'Approved') {
      approved = true;
      if (denied) out.push(invalidValue(`${at}.type`, c.type, 'Approved and Denied conditions are mutually exclusive'));
    } else if (c.type === 'Denied') {
      denied = true;
      if (approved) out.push(invalidValue(`${at}.type`, c.type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (c.type !== undefined && seen.has(c.type)) out.push(duplicate(`${at}.type`, c.type));
    seen.add(c.type ?? '');
  });
  return out;
}

/** validateCertificateSigningRequest, in the server's order. */
export function validateCsr(csr: KubeObject): StatusCause[] {
  const out = validateObjectMeta(csr.metadata, { nameRule: 'none' });
  const spec = csr.spec ?? {};
  const text = typeof spec.request === 'string' ? base64Decode(spec.request) : '';
  const parsed = parseRequestPem(text);
  if ('error' in parsed)
    out.push({ reason: 'FieldValueInvalid', field: 'spec.request', message: `spec.request: Invalid value: ${goBytes(text)}: ${parsed.error}` });
  const usages = (Array.isArray(spec.usages) ? spec.usages : []) as string[];
  if (!usages.length) out.push(required('spec.usages', 'usages must be provided'));
  usages.forEach((u, i) => {
    if (!VALID_USAGES.includes(u)) out.push(notSupported(`spec.usages[${i}]`, u, VALID_USAGES));
  });
  usages.forEach((u, i) => {
    if (usages.indexOf(u) < i) out.push(duplicate(`spec.usages[${i}]`, u));
  });
  const signer = String(spec.signerName ?? '');
  if (signer === 'kubernetes.io/legacy-unknown') out.push(invalidValue('spec.signerName', signer, 'the legacy signerName is not allowed via this API version'));
  else out.push(...validateSignerName('spec.signerName', signer));
  if (typeof spec.expirationSeconds === 'number' && spec.expirationSeconds < 600) {
    out.push(invalidValue('spec.expirationSeconds', spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  }
  out.push(...validateConditions(csr));
  return out;
}

export const conditionsOf = (o: KubeObject | undefined, type: string) => ((o?.status?.conditions ?? []) as Condition[]).filter((c) => c.type === type);

/** Fills in the conditions' times the server fills (populateConditionTimestamps). */
function stampConditions(csr: KubeObject, old: KubeObject | undefined, now: string): void {
  for (const c of (csr.status?.conditions ?? []) as Condition[]) {
    if (!c.lastUpdateTime) c.lastUpdateTime = now;
    if (!c.lastTransitionTime) {
      const before = conditionsOf(old, c.type ?? '').find((o) => o.status === c.status);
      c.lastTransitionTime = before?.lastTransitionTime || now;
    }
  }
}

/**
 * PUT `.../NAME/approval`: the only write that may add, change or remove nothing but the
 * Approved and Denied conditions. Returns the stored object.
 */
export function updateApproval(api: ApiServer, input: KubeObject): KubeObject {
  const name = input.metadata.name ?? '';
  const old = api.get(CSRS, undefined, name);
  if (input.metadata.resourceVersion && input.metadata.resourceVersion !== old.metadata.resourceVersion) {
    throw new ApiError(
      'Conflict',
      `Operation cannot be fulfilled on certificatesigningrequests.certificates.k8s.io "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    );
  }
  const next = clone(old);
  next.status = { ...(old.status ?? {}), conditions: clone(input.status?.conditions ?? []) };
  stampConditions(next, old, isoTime(api.clock.now()));
  const causes = validateCsr(next);
  for (const t of ['Approved', 'Denied', 'Failed']) {
    if (conditionsOf(next, t).length < conditionsOf(old, t).length)
      causes.push(forbiddenField('status.conditions', `updates may not remove a condition of type "${t}"`));
  }
  if (causes.length) throw invalid('CertificateSigningRequest', 'certificates.k8s.io', name, causes);
  return api.updateStatus(CSRS, undefined, name, next.status);
}

/** Admission: the strategy's resets, then validation. */
export function installCsrAdmission(api: ApiRegistries): void {
  api.admission.register(CSRS, {
    default(obj, _ctx, old) {
      if (old) {
        obj.spec = clone(old.spec);
        return;
      }
      delete obj.status;
    },
    validate: (obj) => validateCsr(obj),
  });
}
