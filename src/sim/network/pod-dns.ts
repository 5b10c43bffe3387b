/**
 * A Pod's DNS client view for the containers' tools (pod-dns-view.ts), its answers from the
 * network code, which only the tools' queries need and which comes with them.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { requireNetworkCode } from './network-code-part.ts';
import { podDnsWith, type DnsAnswers, type PodDns } from './pod-dns-view.ts';

export type { PodDns } from './pod-dns-view.ts';
export { resolveInPod } from './pod-dns-view.ts';

/** The DNS view of `pod`; its queries find the network code loaded. */
export function podDns(cluster: Cluster, pod: KubeObject): PodDns {
  const net: DnsAnswers = {
    dnsServing: (c) => requireNetworkCode(c).dnsServing(c),
    dnsQuery: (c, name, type) => requireNetworkCode(c).dnsQuery(c, name, type),
    publicAddress: (name) => requireNetworkCode(cluster).publicAddress(name),
  };
  return podDnsWith(net, cluster, pod);
}
