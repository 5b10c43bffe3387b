/** What DNS tools inside a Pod see: the nameserver, the search list, and answers to queries. */
import type { Cluster } from '../cluster.ts';
import type { DnsResponse, DnsType } from './dns.ts';
import { candidates, DNS_SERVICE_IP, searchList } from './dns-names.ts';
import { requireNetworkCode } from './network-code-part.ts';

/** A Pod's DNS client view. */
export interface PodDns {
  /** The nameserver of resolv.conf (the kube-dns ClusterIP). */
  server: string;
  search: string[];
  /** The names a resolver tries for `name`, in order (search list, ndots:5). */
  candidates(name: string): string[];
  /** One query to the nameserver; undefined when it does not answer (the client times out). */
  query(name: string, type: DnsType): DnsResponse | undefined;
}

/** The DNS view of Pods in `namespace`. */
export function podDns(cluster: Cluster, namespace: string): PodDns {
  return {
    server: DNS_SERVICE_IP,
    search: searchList(namespace),
    candidates: (name) => candidates(name, namespace),
    // Only the containers' tools query, and they come with the network code.
    query: (name, type) => {
      const net = requireNetworkCode(cluster);
      return net.dnsServing(cluster) ? net.dnsQuery(cluster, name, type) : undefined;
    },
  };
}
