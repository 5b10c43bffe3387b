/**
 * Requests from inside a Pod: `localhost` and the Pod's own name/IP reach its own containers
 * (they share a network namespace); another Pod's IP reaches that Pod. Names the kubelet
 * cannot resolve, and ClusterIPs, go to the Service resolver: services.ts unless another module
 * installed one as `cluster.extensions.set('service-resolver', fn)` with
 * `fn(host, port, namespace) => { ip, port } | undefined`.
 */
import type { Cluster } from '../cluster.ts';
import type { FetchResult } from './http.ts';
import type { Kubelet } from './kubelet.ts';
import type { PodRuntime } from './runtime.ts';
import { clusterServiceResolver } from './services.ts';

/** Backend for a Service name or ClusterIP; `via` is the ClusterIP the client connects to. */
export type ServiceResolver = (host: string, port: number, namespace: string) => { ip: string; port: number; via?: string } | undefined;

function podByIP(cluster: Cluster, ip: string): PodRuntime | undefined {
  const kubelets = cluster.extensions.get('kubelets') as Map<string, Kubelet> | undefined;
  for (const k of kubelets?.values() ?? []) {
    const rt = k.runtimeByIP(ip);
    if (rt) return rt;
  }
  return undefined;
}

function serve(target: PodRuntime, port: number, path: string, remote: string, agent: string, host?: string): FetchResult {
  for (const c of target.containers) {
    if (c.step !== 'running' || !c.probes?.ports.has(port)) continue;
    const h = c.probes.ports.get(port);
    if (!h) return { error: 'not-http', ip: target.ip };
    return h({ path, remote, agent, host });
  }
  return { error: 'refused', ip: target.ip };
}

function serviceResolver(cluster: Cluster): ServiceResolver {
  let r = cluster.extensions.get('service-resolver') as ServiceResolver | undefined;
  if (!r) cluster.extensions.set('service-resolver', (r = clusterServiceResolver(cluster)));
  return r;
}

/** Performs a request made by a container of `from`. */
export function podFetch(cluster: Cluster, from: PodRuntime, host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult {
  const header = hostHeader ?? (port === 80 ? host : `${host}:${port}`);
  if (host === 'localhost' || host === '127.0.0.1') return serve(from, port, path, '127.0.0.1', agent, header);
  if (host === from.ip || host === from.name) return serve(from, port, path, from.ip ?? '127.0.0.1', agent, header);
  let ip = host;
  let p = port;
  let via: string | undefined;
  const resolver = serviceResolver(cluster);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    const r = resolver(host, port, from.namespace);
    if (!r) return { error: 'bad-address' };
    ip = r.ip;
    p = r.port;
    via = r.via;
  } else if (!podByIP(cluster, host)) {
    // A ClusterIP: kube-proxy forwards to one of the Service's endpoints.
    const r = resolver(host, port, from.namespace);
    if (r) {
      ip = r.ip;
      p = r.port;
    }
  }
  const target = podByIP(cluster, ip);
  if (!target) return { error: 'refused', ip };
  const res = serve(target, p, path, from.ip ?? '', agent, header);
  // Through a Service the client only ever sees the ClusterIP (kube-proxy translates it).
  return via ? { ...res, ip: via } : res;
}
