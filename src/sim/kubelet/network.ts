/**
 * Requests from inside a Pod. The network model itself lives in src/sim/network/ (DNS,
 * kube-proxy, routing) and loads on first use: a container that connects is one of the containers'
 * code, which brings it (network-code-part.ts); this is the kubelet's entry into it.
 */
import type { Cluster } from '../cluster.ts';
import { requireNetworkCode } from '../network/network-code-part.ts';
import type { FetchResult } from './http.ts';
import type { PodRuntime } from './runtime.ts';

/**
 * Performs a request made by a container of `from`; `hostHeader` is the Host header sent
 * (default: `host`, with `:port` when not 80).
 */
export function podFetch(cluster: Cluster, from: PodRuntime, host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult {
  return requireNetworkCode(cluster).podRequest(cluster, from, host, port, path, agent, hostHeader);
}
