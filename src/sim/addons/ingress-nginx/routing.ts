/**
 * How the ingress-nginx controller picks a backend for a request, from the Ingresses it
 * serves: the server is chosen by the Host header (an exact host, then a `*.domain` wildcard
 * covering one label, then the catch-all server of rules without a host); within it the
 * longest matching path wins, Exact before Prefix on a tie. Prefix matches whole path
 * elements (`/foo` matches `/foo` and `/foo/bar`, not `/foobar`); ImplementationSpecific is
 * nginx's plain string prefix. No match: the `defaultBackend` of an Ingress of that host
 * (or of any Ingress, for the catch-all server), else the controller's own 404. Plain HTTP to
 * a host listed under `tls` is redirected to HTTPS (ssl-redirect, on by default).
 */
import type { KubeObject } from '../../api/types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** A Service backend (`service.name` and `service.port` of an Ingress path). */
export interface ServiceBackend {
  namespace: string;
  name: string;
  port: { number?: number; name?: string };
}

export type RouteDecision =
  | { kind: 'backend'; backend: ServiceBackend; ingress: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

interface Location {
  path: string;
  type: string;
  backend: Obj | undefined;
  ingress: KubeObject;
}

/** The host a Host header names, without port, lower case. */
export function headerHost(header: string | undefined): string {
  return (header ?? '').replace(/:\d+$/, '').toLowerCase();
}

function wildcardMatches(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return false;
  const suffix = pattern.slice(1);
  return host.endsWith(suffix) && !host.slice(0, -suffix.length).includes('.') && host.length > suffix.length;
}

/** The rule host that serves `host`: itself, a wildcard, or '' (the catch-all server). */
function serverFor(ingresses: KubeObject[], host: string): string {
  const hosts = new Set<string>();
  for (const ing of ingresses) for (const r of (ing.spec?.rules ?? []) as Obj[]) if (r.host) hosts.add(String(r.host).toLowerCase());
  if (hosts.has(host)) return host;
  for (const h of hosts) if (wildcardMatches(h, host)) return h;
  return '';
}

/** Whether an Ingress path of `type` matches the request path. */
export function pathMatches(type: string, path: string, request: string): boolean {
  if (type === 'Exact') return request === path;
  if (type === 'ImplementationSpecific') return request.startsWith(path);
  const p = path.replace(/\/+$/, '');
  return p === '' || request === p || request.startsWith(`${p}/`);
}

function toBackend(ing: KubeObject, b: Obj | undefined): ServiceBackend | undefined {
  if (!b?.service?.name) return undefined;
  return { namespace: ing.metadata.namespace ?? 'default', name: String(b.service.name), port: { ...(b.service.port ?? {}) } };
}

function tlsHosts(ingresses: KubeObject[]): Set<string> {
  const out = new Set<string>();
  for (const ing of ingresses) for (const t of (ing.spec?.tls ?? []) as Obj[]) for (const h of (t.hosts ?? []) as string[]) out.add(String(h).toLowerCase());
  return out;
}

/**
 * Routes one request over `ingresses` (those the controller serves, oldest first: on a
 * conflict the oldest Ingress keeps the path, as the admission webhook refuses newer ones).
 */
export function route(ingresses: KubeObject[], hostHeader: string | undefined, requestPath: string, https: boolean): RouteDecision {
  const host = headerHost(hostHeader);
  const path = (requestPath.split('?')[0] ?? '/') || '/';
  const server = serverFor(ingresses, host);
  if (!https && server && tlsHosts(ingresses).has(server)) return { kind: 'redirect', location: `https://${host}${requestPath}` };
  const locations: Location[] = [];
  const owners: KubeObject[] = [];
  for (const ing of ingresses) {
    for (const rule of (ing.spec?.rules ?? []) as Obj[]) {
      if (String(rule.host ?? '').toLowerCase() !== server) continue;
      owners.push(ing);
      for (const p of (rule.http?.paths ?? []) as Obj[]) {
        locations.push({ path: String(p.path ?? '/'), type: String(p.pathType ?? 'ImplementationSpecific'), backend: p.backend, ingress: ing });
      }
    }
  }
  const best = locations
    .filter((l) => pathMatches(l.type, l.path, path))
    .sort((a, b) => b.path.replace(/\/+$/, '').length - a.path.replace(/\/+$/, '').length || Number(b.type === 'Exact') - Number(a.type === 'Exact'))[0];
  if (best) {
    const backend = toBackend(best.ingress, best.backend);
    if (backend) return { kind: 'backend', backend, ingress: best.ingress.metadata.name ?? '' };
    return { kind: 'not-found' };
  }
  // No path matched: an Ingress's defaultBackend serves its hosts (any Ingress's, for the catch-all).
  const fallbackFrom = server ? owners : ingresses;
  for (const ing of fallbackFrom) {
    const backend = toBackend(ing, ing.spec?.defaultBackend);
    if (backend) return { kind: 'backend', backend, ingress: ing.metadata.name ?? '' };
  }
  return { kind: 'not-found' };
}
