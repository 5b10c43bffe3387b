/**
 * Ingress admission (networking.k8s.io/v1): the validation the 1.32 API server applies to
 * rules, paths and backends (ValidateIngressSpec), so a manifest with a backend that names a
 * Service but no port is rejected as it is on a real cluster. A new Ingress starts with an
 * empty status and, naming no class, gets the default IngressClass if there is one.
 */
import { forbidden, type StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { AdmissionContext } from '../admission.ts';
import { isDNS1123Subdomain } from '../../api/names.ts';
import { invalidValue, notSupported, required, validateName, validateObjectMeta } from '../validation.ts';
import type { ApiRegistries } from '../registries.ts';

type Rec = Record<string, unknown>;
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];
// Path pieces Exact and Prefix paths may not hold (invalidPathSequences, invalidPathSuffixes).
const INVALID_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_SUFFIXES = ['/..', '/.'];

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Backend errors at `field`, in the order validateIngressBackend reports them. */
export function validateIngressBackend(backend: unknown, field: string): StatusCause[] {
  const b = isRec(backend) ? backend : {};
  const service = isRec(b.service) ? b.service : undefined;
  if (b.resource !== undefined && service) return [invalidValue(field, '', 'cannot set both resource and service backends')];
  if (b.resource !== undefined) return [];
  if (!service) return [invalidValue(field, '', 'resource or service backend is required')];
  const causes: StatusCause[] = [];
  const name = typeof service.name === 'string' ? service.name : '';
  if (!name) causes.push(required(`${field}.service.name`));
  else causes.push(...validateName(name, 'dns1035', `${field}.service.name`));
  const port = isRec(service.port) ? service.port : {};
  const portName = typeof port.name === 'string' ? port.name : '';
  const portNumber = typeof port.number === 'number' ? port.number : 0;
  if (portName && portNumber) causes.push(invalidValue(field, '', 'cannot set both port name & port number'));
  else if (portNumber && (portNumber < 1 || portNumber > 65535)) {
    causes.push(invalidValue(`${field}.service.port.number`, portNumber, 'must be between 1 and 65535, inclusive'));
  } else if (!portName && !portNumber) causes.push(required(field, 'port name or number is required'));
  return causes;
}

function validatePath(p: unknown, field: string): StatusCause[] {
  const path = isRec(p) ? p : {};
  const causes: StatusCause[] = [];
  const pathType = path.pathType;
  if (pathType === undefined) causes.push(required(`${field}.pathType`, 'pathType must be specified'));
  else if (!PATH_TYPES.includes(pathType as string)) causes.push(notSupported(`${field}.pathType`, pathType, PATH_TYPES));
  else {
    const value = String(path.path ?? '');
    if ((pathType !== 'ImplementationSpecific' || value !== '') && !value.startsWith('/')) causes.push(invalidValue(`${field}.path`, value, 'must be an absolute path'));
    if (pathType !== 'ImplementationSpecific' && value) {
      for (const seq of INVALID_SEQUENCES) if (value.includes(seq)) causes.push(invalidValue(`${field}.path`, value, `must not contain '${seq}'`));
      for (const suffix of INVALID_SUFFIXES) if (value.endsWith(suffix)) causes.push(invalidValue(`${field}.path`, value, `cannot end with '${suffix}'`));
    }
  }
  causes.push(...validateIngressBackend(path.backend, `${field}.backend`));
  return causes;
}

const WILDCARD = /^\*\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const WILDCARD_MSG =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/** A rule or TLS host: a DNS subdomain or a `*.` wildcard of one, never an IP address. */
function validateHost(host: string, field: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || (host.includes(':') && /^[0-9a-fA-F:.]+$/.test(host))) causes.push(invalidValue(field, host, 'must be a DNS name, not an IP address'));
  if (host.includes('*')) {
    if (host.length > 253 || !WILDCARD.test(host)) causes.push(invalidValue(field, host, WILDCARD_MSG));
    return causes;
  }
  return [...causes, ...isDNS1123Subdomain(host).map((m) => invalidValue(field, host, m))];
}

function validate(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const spec = isRec(obj.spec) ? obj.spec : {};
  const tls = Array.isArray(spec.tls) ? spec.tls : [];
  tls.forEach((t: unknown, i: number) => {
    const hosts = isRec(t) && Array.isArray(t.hosts) ? t.hosts : [];
    hosts.forEach((h: unknown, j: number) => causes.push(...validateHost(String(h), `spec.tls[${i}].hosts[${j}]`)));
  });
  if (spec.defaultBackend !== undefined) causes.push(...validateIngressBackend(spec.defaultBackend, 'spec.defaultBackend'));
  const rules = Array.isArray(spec.rules) ? spec.rules : [];
  rules.forEach((rule: unknown, i: number) => {
    const host = isRec(rule) && typeof rule.host === 'string' ? rule.host : '';
    if (host) causes.push(...validateHost(host, `spec.rules[${i}].host`));
    const http = isRec(rule) && isRec(rule.http) ? rule.http : undefined;
    if (!http) return;
    const paths = Array.isArray(http.paths) ? http.paths : [];
    if (!paths.length) causes.push(required(`spec.rules[${i}].http.paths`));
    paths.forEach((p: unknown, j: number) => causes.push(...validatePath(p, `spec.rules[${i}].http.paths[${j}]`)));
  });
  return causes;
}

const DEFAULT_CLASS = 'ingressclass.kubernetes.io/is-default-class';

/**
 * The DefaultIngressClass admission plugin: a new Ingress that names no class gets the one
 * IngressClass annotated as default; two or more defaults make such an Ingress forbidden.
 */
function defaultClass(obj: KubeObject, ctx: AdmissionContext): void {
  const spec = (isRec(obj.spec) ? obj.spec : (obj.spec = {})) as Rec;
  if (spec.ingressClassName !== undefined || obj.metadata.annotations?.['kubernetes.io/ingress.class'] !== undefined) return;
  const defaults = ctx.store.list('ingressclasses.networking.k8s.io').filter((c) => c.metadata.annotations?.[DEFAULT_CLASS] === 'true');
  if (defaults.length > 1) {
    throw forbidden(`ingresses.networking.k8s.io "${obj.metadata.name ?? ''}" is forbidden: ${defaults.length} default IngressClasses were found, only 1 allowed`);
  }
  if (defaults.length === 1) spec.ingressClassName = defaults[0]!.metadata.name;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installIngressAdmission(api: ApiRegistries): void {
  api.admission.register('ingresses.networking.k8s.io', {
    default: (obj, ctx, old) => {
      if (old) return;
      // PrepareForCreate drops any status sent and starts from an empty one (`loadBalancer: {}`).
      obj.status = { loadBalancer: {} };
      defaultClass(obj, ctx);
    },
    validate: (obj) => validate(obj),
  });
}
