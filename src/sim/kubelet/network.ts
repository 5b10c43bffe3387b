/**
 * Requests from inside a Pod. The network model itself lives in src/sim/network/ (DNS,
 * kube-proxy, routing); this is the kubelet's entry into it.
 */
import type { Cluster } from '../cluster.ts';
import { podRequest } from '../network/connect.ts';
import type { FetchResult } from './http.ts';
import type { PodRuntime } from './runtime.ts';

/**
 * Performs a request made by a container of `from`; `hostHeader` is the Host header sent
 * (default: `host`, with `:port` when not 80).
 */
export function podFetch(cluster: Cluster, from: PodRuntime, host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult {
  return podRequest(cluster, from, host, port, path, agent, hostHeader);
}
