/**
 * The tiny HTTP model containers share: a server registers a handler per port
 * (`io.listen`), clients (wget, curl, probes) call `fetch`. Requests inside a Pod reach its
 * own containers via localhost; other Pods are reached by their Pod IP.
 */

export interface HttpRequest {
  path: string;
  /** Client address as the server sees it (127.0.0.1 inside the Pod, the node bridge for probes). */
  remote: string;
  /** User-Agent: `Wget`, `curl/8.11.0`, `kube-probe/1.32`. */
  agent: string;
  /** The Host header, when the client sent one (virtual hosts: an Ingress controller routes on it). */
  host?: string;
}

export interface HttpResponse {
  status: number;
  body: string;
  /** The address the client connected to, when it differs from the host named (a Service's ClusterIP). */
  ip?: string;
}

export type HttpHandler = (req: HttpRequest) => HttpResponse;

/**
 * A failed request: `refused` (nothing listens, or a Service without ready endpoints),
 * `bad-address` (the name does not resolve), `dns-timeout` (no DNS server answered),
 * `timeout` (nobody has the address), `not-http` (the port speaks another protocol).
 */
export type FetchError = { error: 'refused' | 'bad-address' | 'not-http' | 'timeout' | 'dns-timeout'; ip?: string };

export type FetchResult = HttpResponse | FetchError;

/** Reason phrases for the status codes servers here return. */
export const STATUS_TEXT: Record<number, string> = { 200: 'OK', 301: 'Moved Permanently', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' };

/** Splits `http://host:port/path` (scheme and port optional). */
export function parseUrl(url: string): { host: string; port: number; path: string } | undefined {
  const m = /^(?:(https?):\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  if (!m) return undefined;
  return { host: m[2]!, port: m[3] ? Number(m[3]) : m[1] === 'https' ? 443 : 80, path: m[4] ?? '/' };
}
