/**
 * What the controller Pod answers on ports 80 and 443: the request is routed over the
 * Ingresses it serves, proxied to one of the chosen Service's ready endpoints (in turn), and
 * logged in ingress-nginx's access-log format on the Pod's stdout. No Service: 503; a
 * Service without ready endpoints: 503; nothing matched: the controller's own 404.
 */
import type { Cluster } from '../../cluster.ts';
import type { HttpHandler, HttpRequest, HttpResponse } from '../../kubelet/http.ts';
import { accessTime } from '../../kubelet/images/servers.ts';
import type { ProcessIO } from '../../kubelet/process.ts';
import { serviceEndpoints } from './backends.ts';
import { servedIngresses } from './classes.ts';
import { nginxPage } from './pages.ts';
import { route } from './routing.ts';

/** The handler for one listening port (`https` for 443). */
export function ingressHandler(cluster: Cluster, io: ProcessIO, https: boolean): HttpHandler {
  const turn = new Map<string, number>();
  return (req) => {
    const started = cluster.now();
    const decision = route(servedIngresses(cluster), req.host, req.path, https);
    let res: HttpResponse;
    let upstream = 'upstream-default-backend';
    let upstreamAddr = '-';
    if (decision.kind === 'redirect') res = { status: 308, body: nginxPage(308) };
    else if (decision.kind === 'not-found') res = { status: 404, body: nginxPage(404) };
    else {
      const b = decision.backend;
      upstream = `${b.namespace}-${b.name}-${b.port.number ?? b.port.name ?? ''}`;
      const eps = serviceEndpoints(cluster, b) ?? [];
      if (!eps.length) res = { status: 503, body: nginxPage(503) };
      else {
        const i = turn.get(upstream) ?? 0;
        turn.set(upstream, i + 1);
        const ep = eps[i % eps.length]!;
        upstreamAddr = `${ep.ip}:${ep.port}`;
        const r = io.fetch?.(ep.ip, ep.port, req.path, req.agent, req.host) ?? { error: 'refused' as const };
        res = 'error' in r ? { status: 502, body: nginxPage(502) } : { status: r.status, body: r.body };
      }
    }
    io.out(accessLine(cluster, req, res, upstream, upstreamAddr, started));
    return res;
  };
}

function accessLine(cluster: Cluster, req: HttpRequest, res: HttpResponse, upstream: string, addr: string, started: number): string {
  const requestLength = `GET ${req.path} HTTP/1.1\r\nHost: ${req.host ?? ''}\r\nUser-Agent: ${req.agent}\r\nAccept: */*\r\n\r\n`.length;
  const took = ((cluster.now() - started) / 1000).toFixed(3);
  const up = addr === '-' ? '- - - -' : `${addr} ${res.body.length} ${took} ${res.status}`;
  return `${req.remote} - - [${accessTime(cluster.now())}] "GET ${req.path} HTTP/1.1" ${res.status} ${res.body.length} "-" "${req.agent}" ${requestLength} ${took} [${upstream}] [] ${up} ${cluster.random.hex(32)}\n`;
}
