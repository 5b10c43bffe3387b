/**
 * A Pod's resolver configuration, as the kubelet works it out (GetPodDNS) and containerd writes
 * it to the sandbox's /etc/resolv.conf:
 *   ClusterFirst (not hostNetwork), ClusterFirstWithHostNet: the cluster DNS Service, the
 *     cluster search list, `ndots:5`;
 *   Default, and ClusterFirst with hostNetwork: the node's resolv.conf (the kubelet's
 *     `resolvConf`, /etc/resolv.conf of the kind node);
 *   None: nothing but the Pod's `dnsConfig`.
 * `dnsConfig` is appended to any of them (nameservers and searches without duplicates, options
 * merged by name, the Pod's value winning), then cut to the resolver's limits: 3 nameservers,
 * 32 search domains.
 *
 * A kind node is a Docker container on the `kind` network, whose resolv.conf names Docker's
 * embedded DNS (127.0.0.11, with `options ndots:0`); kind's entrypoint rewrites that address to
 * the network's gateway so that it is reachable from Pods, which gives `nameserver 172.18.0.1`.
 */
import type { KubeObject } from '../api/types.ts';
import { DNS_SERVICE_IP, searchList } from './dns-names.ts';

/** What goes in a resolv.conf: nameservers, search domains, options (`ndots:5`, `edns0`). */
export interface DnsConfig {
  servers: string[];
  searches: string[];
  options: string[];
}

/** The resolver Docker's embedded DNS answers on a kind node, as kind's entrypoint leaves it. */
export const KIND_NODE_RESOLVER = '172.18.0.1';

/** A kind node's /etc/resolv.conf, as the kubelet parses it. */
export function nodeDnsConfig(): DnsConfig {
  return { servers: [KIND_NODE_RESOLVER], searches: [], options: ['ndots:0'] };
}

const MAX_NAMESERVERS = 3;
const MAX_SEARCHES = 32;

const unique = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) === i);

type Option = { name?: string; value?: string };

/** Options by name, later ones replacing the value of earlier ones (first position kept). */
function mergeOptions(existing: string[], added: Option[]): string[] {
  const map = new Map<string, string>();
  for (const op of existing) {
    const i = op.indexOf(':');
    map.set(i < 0 ? op : op.slice(0, i), i < 0 ? '' : op.slice(i + 1));
  }
  for (const op of added) if (op.name) map.set(op.name, op.value ?? '');
  return [...map].map(([name, value]) => (value ? `${name}:${value}` : name));
}

/** The resolver configuration of `pod`. */
export function podDnsConfig(pod: KubeObject): DnsConfig {
  const spec = pod.spec ?? {};
  const ns = pod.metadata.namespace ?? 'default';
  const policy = spec.dnsPolicy ?? 'ClusterFirst';
  let config: DnsConfig;
  if (policy === 'None') config = { servers: [], searches: [], options: [] };
  else if (policy === 'ClusterFirstWithHostNet' || (policy === 'ClusterFirst' && !spec.hostNetwork)) {
    // The cluster search list goes before the node's own search domains (a kind node has none).
    config = { servers: [DNS_SERVICE_IP], searches: unique([...searchList(ns), ...nodeDnsConfig().searches]), options: ['ndots:5'] };
  } else config = nodeDnsConfig();
  const extra = spec.dnsConfig as { nameservers?: string[]; searches?: string[]; options?: Option[] } | undefined;
  if (extra) {
    config = {
      servers: unique([...config.servers, ...(extra.nameservers ?? [])]),
      searches: unique([...config.searches, ...(extra.searches ?? [])]),
      options: mergeOptions(config.options, extra.options ?? []),
    };
  }
  return { ...config, servers: config.servers.slice(0, MAX_NAMESERVERS), searches: config.searches.slice(0, MAX_SEARCHES) };
}

/** The resolv.conf containerd writes for `config`: search, nameserver lines, options. */
export function resolvConfText(config: DnsConfig): string {
  let out = '';
  if (config.searches.length) out += `search ${config.searches.join(' ')}\n`;
  for (const s of config.servers) out += `nameserver ${s}\n`;
  if (config.options.length) out += `options ${config.options.join(' ')}\n`;
  return out;
}

/** The `ndots` a resolver with `config` uses (1, the resolver's default, when no option sets it). */
export function ndotsOf(config: DnsConfig): number {
  const op = [...config.options].reverse().find((o) => o.startsWith('ndots:'));
  const n = op ? parseInt(op.slice(6), 10) : NaN;
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), 15) : 1;
}
