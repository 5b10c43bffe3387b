/**
 * Ingress admission (networking.k8s.io/v1): the validation the 1.32 API server applies to
 * rules, paths and backends (ValidateIngressSpec), so a manifest with a backend that names a
 * Service but no port is rejected as it is on a real cluster. A new Ingress starts with an
 * empty status.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { registerAdmission } from '../admission.ts';
import { invalidValue, notSupported, required, validateName, validateObjectMeta } from '../validation.ts';

type Rec = Record<string, unknown>;
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];

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
  else if (pathType !== 'ImplementationSpecific' && !String(path.path ?? '').startsWith('/')) {
    causes.push(invalidValue(`${field}.path`, path.path ?? '', 'must be an absolute path'));
  }
  causes.push(...validateIngressBackend(path.backend, `${field}.backend`));
  return causes;
}

function validate(obj: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const spec = isRec(obj.spec) ? obj.spec : {};
  if (spec.defaultBackend !== undefined) causes.push(...validateIngressBackend(spec.defaultBackend, 'spec.defaultBackend'));
  const rules = Array.isArray(spec.rules) ? spec.rules : [];
  rules.forEach((rule: unknown, i: number) => {
    const http = isRec(rule) && isRec(rule.http) ? rule.http : undefined;
    if (!http) return;
    const paths = Array.isArray(http.paths) ? http.paths : [];
    if (!paths.length) causes.push(required(`spec.rules[${i}].http.paths`));
    paths.forEach((p: unknown, j: number) => causes.push(...validatePath(p, `spec.rules[${i}].http.paths[${j}]`)));
  });
  return causes;
}

registerAdmission('ingresses.networking.k8s.io', {
  // PrepareForCreate drops any status sent and starts from an empty one (`loadBalancer: {}`).
  default: (obj, _ctx, old) => {
    if (!old) obj.status = { loadBalancer: {} };
  },
  validate: (obj) => validate(obj),
});
