/**
 * Requests from the machine that runs the kind nodes (the learner's terminal): it reaches the
 * nodes' addresses (NodePorts) and load-balancer addresses on the kind network, and
 * `localhost` ports that a `kubectl port-forward` holds open. It has no cluster DNS and no
 * route to Pod or Service addresses.
 */
import type { Cluster } from '../cluster.ts';
import type { FetchResult } from '../kubelet/http.ts';
import { requestIP } from './connect.ts';

/** A local port forwarded into the cluster (by `kubectl port-forward`). */
export type LocalForward = (path: string, agent: string) => FetchResult;

/** The forwards open on localhost, by local port. */
export function localForwards(cluster: Cluster): Map<number, LocalForward> {
  let m = cluster.extensions.get('local-forwards') as Map<number, LocalForward> | undefined;
  if (!m) cluster.extensions.set('local-forwards', (m = new Map()));
  return m;
}

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** One HTTP GET from the host. */
export function hostRequest(cluster: Cluster, host: string, port: number, path: string, agent: string): FetchResult {
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '[::1]') {
    const f = localForwards(cluster).get(port);
    return f ? { ...f(path, agent), ip: host === 'localhost' ? '127.0.0.1' : host } : { error: 'refused', ip: '127.0.0.1' };
  }
  if (!IPV4.test(host)) return { error: 'bad-address' };
  return requestIP(cluster, { host: true }, host, port, path, agent);
}

/** A bare TCP connect from the host (nothing sent, nothing logged), for checks. */
export function hostProbe(cluster: Cluster, ip: string, port: number): FetchResult {
  return hostRequest(cluster, ip, port, '/', '');
}
