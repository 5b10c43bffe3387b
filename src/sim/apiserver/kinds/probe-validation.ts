/**
 * Probe validation of a container (validation.go validateLivenessProbe /
 * validateReadinessProbe / validateStartupProbe and validateProbe): exactly one handler
 * (exec, httpGet, tcpSocket, grpc), valid ports and paths, non-negative timings,
 * successThreshold 1 for liveness and startup probes, no probe-level grace period on
 * readiness. Init containers that are not sidecars may not have probes at all.
 */
import type { StatusCause } from '../../api/errors.ts';
import { isValidPortName } from '../../api/names.ts';
import { forbiddenField, invalidValue, notSupported, required } from '../validation.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'] as const;
const SCHEMES = ['HTTP', 'HTTPS'];
const HEADER_NAME = /^[-A-Za-z0-9]+$/;
const TIMINGS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];

function portNumOrName(port: unknown, field: string): StatusCause[] {
  if (typeof port === 'number') {
    return port >= 1 && port <= 65535 ? [] : [invalidValue(field, port, 'must be between 1 and 65535, inclusive')];
  }
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalidValue(field, port, m));
  return [invalidValue(field, 0, 'must be between 1 and 65535, inclusive')];
}

function handlerCauses(kind: (typeof HANDLERS)[number], h: Obj, field: string): StatusCause[] {
  if (kind === 'exec') return Array.isArray(h.command) && h.command.length > 0 ? [] : [required(`${field}.command`)];
  if (kind === 'tcpSocket') return portNumOrName(h.port, `${field}.port`);
  if (kind === 'grpc') {
    const port = typeof h.port === 'number' ? h.port : 0;
    return port >= 1 && port <= 65535 ? [] : [invalidValue(`${field}.port`, port, 'must be between 1 and 65535, inclusive')];
  }
  const causes: StatusCause[] = [];
  if (!h.path) causes.push(required(`${field}.path`));
  causes.push(...portNumOrName(h.port, `${field}.port`));
  if (!SCHEMES.includes(h.scheme)) causes.push(notSupported(`${field}.scheme`, h.scheme ?? '', SCHEMES));
  for (const header of Array.isArray(h.httpHeaders) ? (h.httpHeaders as Obj[]) : []) {
    const name = String(header?.name ?? '');
    if (!HEADER_NAME.test(name)) {
      causes.push(invalidValue(`${field}.httpHeaders`, name, "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"));
    }
  }
  return causes;
}

/** validateProbe: one handler, non-negative timings, a positive probe-level grace period. */
function probeCauses(p: Obj, field: string): StatusCause[] {
  const causes: StatusCause[] = [];
  let handlers = 0;
  for (const kind of HANDLERS) {
    if (p[kind] === undefined || p[kind] === null) continue;
    if (handlers > 0) {
      causes.push(forbiddenField(`${field}.${kind}`, 'may not specify more than 1 handler type'));
      continue;
    }
    handlers++;
    causes.push(...handlerCauses(kind, typeof p[kind] === 'object' ? p[kind] : {}, `${field}.${kind}`));
  }
  if (handlers === 0) causes.push(required(field, 'must specify a handler type'));
  for (const t of TIMINGS) {
    if (typeof p[t] === 'number' && p[t] < 0) causes.push(invalidValue(`${field}.${t}`, p[t], 'must be greater than or equal to 0'));
  }
  const grace = p.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && grace <= 0) causes.push(invalidValue(`${field}.terminationGracePeriodSeconds`, grace, 'must be greater than 0'));
  return causes;
}

/**
 * The causes for a container's three probes at `path` (`spec.containers[0]`). `init` is true
 * for an init container that is not a sidecar (restartPolicy Always): probes are forbidden.
 */
export function validateContainerProbes(c: Obj, path: string, init = false): StatusCause[] {
  const causes: StatusCause[] = [];
  for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const p = c[kind];
    if (!p || typeof p !== 'object') continue;
    const field = `${path}.${kind}`;
    if (init) {
      causes.push(forbiddenField(field, 'may not be set for init containers without restartPolicy=Always'));
      continue;
    }
    causes.push(...probeCauses(p, field));
    if (kind !== 'readinessProbe' && p.successThreshold !== undefined && p.successThreshold !== 1) {
      causes.push(invalidValue(`${field}.successThreshold`, p.successThreshold, 'must be 1'));
    }
    if (kind === 'readinessProbe' && p.terminationGracePeriodSeconds !== undefined) {
      causes.push(invalidValue(`${field}.terminationGracePeriodSeconds`, p.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
    }
  }
  return causes;
}
