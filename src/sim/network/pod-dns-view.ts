/**
 * What DNS tools inside a Pod see: the nameserver, the search list, and answers to queries, as
 * the Pod's resolv.conf (pod-dns-config.ts) sets them up. The cluster DNS Service is CoreDNS; a
 * kind node's resolver is Docker's embedded DNS, which knows the kind containers (the nodes) by
 * name and forwards the rest to the host, so it answers public names but no cluster name; a
 * well-known public resolver answers public names; any other address answers nothing.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import type { DnsResponse, DnsType } from './dns.ts';
import { DNS_SERVICE_IP } from './dns-names.ts';
import { KIND_NODE_RESOLVER, ndotsOf, podDnsConfig } from './pod-dns-config.ts';

/** A Pod's DNS client view. */
export interface PodDns {
  /** The first nameserver of resolv.conf (the one tools ask). */
  server: string;
  search: string[];
  /** The names a resolver tries for `name`, in order (search list, ndots). */
  candidates(name: string): string[];
  /** One query to the nameserver; undefined when it does not answer (the client times out). */
  query(name: string, type: DnsType): DnsResponse | undefined;
}

const PUBLIC_RESOLVERS = new Set(['8.8.8.8', '8.8.4.4', '1.1.1.1', '1.0.0.1', '9.9.9.9']);

/** The answering side a Pod's queries reach: cluster DNS and the public web (the network code). */
export interface DnsAnswers {
  dnsServing(cluster: Cluster): boolean;
  dnsQuery(cluster: Cluster, name: string, type: DnsType): DnsResponse;
  publicAddress(name: string): string | undefined;
}

/** Docker's embedded DNS on the kind network: the node containers by name, the rest upstream. */
function nodeResolverQuery(net: DnsAnswers, cluster: Cluster, qname: string, type: DnsType): DnsResponse {
  const name = qname.toLowerCase().replace(/\.$/, '');
  const node = cluster.store.get('nodes', '', name);
  const ip = node
    ? ((node.status?.addresses ?? []) as { type: string; address: string }[]).find((a) => a.type === 'InternalIP')?.address
    : net.publicAddress(name);
  if (!ip) return { rcode: 'NXDOMAIN', answers: [] };
  return type === 'A' || type === 'ANY' ? { rcode: 'NOERROR', answers: [{ name, ttl: 600, type: 'A', data: ip }] } : { rcode: 'NOERROR', answers: [] };
}

/** Who answers queries sent to `server`. */
function answerer(net: DnsAnswers, cluster: Cluster, server: string): (name: string, type: DnsType) => DnsResponse | undefined {
  if (server === DNS_SERVICE_IP) {
    return (name, type) => {
      return net.dnsServing(cluster) ? net.dnsQuery(cluster, name, type) : undefined;
    };
  }
  if (server === KIND_NODE_RESOLVER) return (name, type) => nodeResolverQuery(net, cluster, name, type);
  if (PUBLIC_RESOLVERS.has(server)) {
    return (name, type) => {
      const n = name.toLowerCase().replace(/\.$/, '');
      const ip = net.publicAddress(n);
      if (!ip) return { rcode: 'NXDOMAIN', answers: [] };
      return type === 'A' || type === 'ANY' ? { rcode: 'NOERROR', answers: [{ name: n, ttl: 300, type: 'A', data: ip }] } : { rcode: 'NOERROR', answers: [] };
    };
  }
  return () => undefined;
}

/** The DNS view of `pod`, its queries answered by `net`. */
export function podDnsWith(net: DnsAnswers, cluster: Cluster, pod: KubeObject): PodDns {
  const config = podDnsConfig(pod);
  const ndots = ndotsOf(config);
  const server = config.servers[0] ?? '127.0.0.1';
  const query = answerer(net, cluster, server);
  return {
    server,
    search: config.searches,
    candidates: (name) => {
      if (name.endsWith('.')) return [name.slice(0, -1)];
      const dots = (name.match(/\./g) ?? []).length;
      const searched = config.searches.map((d) => `${name}.${d}`);
      return dots >= ndots ? [name, ...searched] : [...searched, name];
    },
    query,
  };
}

/**
 * What a stub resolver (libc, wget, curl) in `pod` gets for a host name: the candidates in
 * order, CNAME chains followed; a timeout when the nameserver does not answer.
 */
export function resolveInPod(dns: PodDns, name: string): { ok: true; addresses: string[] } | { ok: false; reason: 'NXDOMAIN' | 'timeout' } {
  for (const c of dns.candidates(name.toLowerCase())) {
    let current = c;
    for (let hop = 0; hop < 8; hop++) {
      const r = dns.query(current, 'A');
      if (!r) return { ok: false, reason: 'timeout' };
      if (r.rcode !== 'NOERROR') break;
      const a = r.answers.filter((x) => x.type === 'A').map((x) => x.data);
      if (a.length) return { ok: true, addresses: a };
      const cn = r.answers.find((x) => x.type === 'CNAME');
      if (!cn) break;
      current = cn.data.replace(/\.$/, '');
    }
  }
  return { ok: false, reason: 'NXDOMAIN' };
}
