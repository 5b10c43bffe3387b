/**
 * What the network model asks before a connection: whether the NetworkPolicies allow it
 * (policy.ts, which loads with the kind). A policy can only exist once that code is there (its
 * create prepared the kind), so before it every connection is allowed, as with no policy.
 */
import type { Cluster } from '../../cluster.ts';
import type { Pod } from '../generated-types.ts';
import { CODE } from './index.ts';
import type { Endpoint } from './policy.ts';

const NETWORK_POLICIES = 'networkpolicies.networking.k8s.io';

function policyCode(cluster: Cluster) {
  const m = cluster.code.loaded(CODE);
  if (!m && cluster.store.list(NETWORK_POLICIES).length) throw new Error("NetworkPolicies exist but the simulator's code for them has not loaded");
  return m;
}

/** Whether a connection from `src` to `dst` on `port` is allowed by both ends' policies. */
export function connectionAllowed(cluster: Cluster, src: Endpoint, dst: Endpoint, port: number): boolean {
  return policyCode(cluster)?.connectionAllowed(cluster, src, dst, port) ?? true;
}

/** Whether a Pod may reach cluster DNS. */
export function dnsAllowed(cluster: Cluster, pod: Pod, ip: string): boolean {
  return policyCode(cluster)?.dnsAllowed(cluster, pod, ip) ?? true;
}
