/**
 * The records CoreDNS's kubernetes plugin serves for `cluster.local` (kind's Corefile: `pods
 * insecure`, `ttl 30`), answered from the API objects at the moment of the query:
 *   <svc>.<ns>.svc.cluster.local          A: the ClusterIP; headless: one A per ready Pod;
 *                                         ExternalName: a CNAME to spec.externalName
 *   <host>.<svc>.<ns>.svc.cluster.local   A of a ready Pod of a headless Service (its hostname,
 *                                         or its IP with dashes when it has none)
 * A headless Service's Pods are those its Endpoints list as ready, as of the kubelets' last
 * report of their containers (dns-endpoints.ts): a Pod resolves up to a second after its
 * container started, and up to a second after it exited.
 *   _<port>._<proto>.<svc>.<ns>.svc...    SRV for each named port
 *   <a-b-c-d>.<ns>.pod.cluster.local      A a.b.c.d
 *   d.c.b.a.in-addr.arpa                  PTR for ClusterIPs and headless endpoints
 * Names outside the cluster domain get NXDOMAIN: the simulated cluster has no upstream, but
 * for the few public sites of public-web.ts, which CoreDNS's forward plugin answers.
 * When the kube-dns Service has no ready endpoint (CoreDNS scaled to 0 or not ready), queries
 * are not answered at all: clients time out.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { endpointSubsets, serviceSubsets } from './endpoint-subsets.ts';
import { publicAddress } from './public-web.ts';
import { dnsAddresses, type DnsAddress } from './dns-endpoints.ts';
import { candidates, CLUSTER_DOMAIN, DNS_SERVICE_IP, searchList } from './dns-names.ts';

export { candidates, CLUSTER_DOMAIN, DNS_SERVICE_IP, searchList };

/** Query types the DNS tools ask for. */
export type DnsType = 'A' | 'AAAA' | 'CNAME' | 'SRV' | 'PTR' | 'TXT' | 'ANY';

/** One resource record; `data` as dig prints it (`10.96.0.1`, `web.ns.svc.cluster.local.`, `0 100 80 t.`). */
export interface DnsRecord {
  name: string;
  ttl: number;
  type: 'A' | 'CNAME' | 'SRV' | 'PTR';
  data: string;
}

/** A DNS response: status and answer records (`name` without the trailing dot). */
export interface DnsResponse {
  rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL';
  answers: DnsRecord[];
}

const TTL = 30;

type Subset = { addresses?: { ip: string; hostname?: string }[]; ports?: { name?: string; port: number; protocol?: string }[] };

/** Whether CoreDNS answers: the kube-dns Service has at least one ready endpoint. */
export function dnsServing(cluster: Cluster): boolean {
  const ep = cluster.store.get('endpoints', 'kube-system', 'kube-dns');
  return (endpointSubsets(cluster, ep) as Subset[]).some((s) => (s.addresses ?? []).length > 0);
}

const addressCache = new WeakMap<object, { ip: string; hostname?: string }[]>();

/** The ready addresses of a headless Service as DNS answers them now (dns-endpoints.ts). */
function readyAddresses(cluster: Cluster, svc: KubeObject): DnsAddress[] {
  return dnsAddresses(cluster, svc, endpointAddresses(cluster, svc));
}

function endpointAddresses(cluster: Cluster, svc: KubeObject): DnsAddress[] {
  const subsets = serviceSubsets(cluster, svc) as Subset[];
  // Stored objects are frozen and replaced on change, so one pass per Endpoints version.
  const hit = addressCache.get(subsets);
  if (hit) return hit;
  const seen = new Set<string>();
  const out: { ip: string; hostname?: string }[] = [];
  for (const s of subsets) {
    for (const a of s.addresses ?? []) if (!seen.has(a.ip)) seen.add(a.ip) && out.push(a);
  }
  addressCache.set(subsets, out);
  return out;
}

const dashed = (ip: string) => ip.replace(/\./g, '-');
const fq = (n: string) => `${n}.`;

function serviceRecords(cluster: Cluster, svc: KubeObject, name: string, type: DnsType, depth: number): DnsRecord[] {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') {
    if (type !== 'A' && type !== 'AAAA' && type !== 'CNAME' && type !== 'ANY') return [];
    const target = String(spec.externalName ?? '').replace(/\.$/, '').toLowerCase();
    const cname: DnsRecord = { name, ttl: TTL, type: 'CNAME', data: fq(target) };
    // CoreDNS resolves a target inside its own zone and adds its records to the answer.
    if (type === 'CNAME' || depth > 4 || !(target === CLUSTER_DOMAIN || target.endsWith(`.${CLUSTER_DOMAIN}`))) return [cname];
    return [cname, ...query(cluster, target, type, depth + 1).answers];
  }
  if (type !== 'A' && type !== 'ANY') return [];
  if (spec.clusterIP === 'None') return readyAddresses(cluster, svc).map((a) => ({ name, ttl: TTL, type: 'A' as const, data: a.ip }));
  return spec.clusterIP ? [{ name, ttl: TTL, type: 'A', data: String(spec.clusterIP) }] : [];
}

function srvRecords(cluster: Cluster, svc: KubeObject, fqdn: string, portName: string, proto: string, qname: string): DnsRecord[] {
  const ports = (svc.spec?.ports ?? []) as { name?: string; port: number; protocol?: string }[];
  const sp = ports.find((p) => p.name === portName && (p.protocol ?? 'TCP').toLowerCase() === proto);
  if (!sp) return [];
  if (svc.spec?.clusterIP !== 'None') return [{ name: qname, ttl: TTL, type: 'SRV', data: `0 100 ${sp.port} ${fq(fqdn)}` }];
  const out: DnsRecord[] = [];
  for (const s of serviceSubsets(cluster, svc) as Subset[]) {
    const p = (s.ports ?? []).find((x) => x.name === portName);
    if (!p) continue;
    const addrs = s.addresses ?? [];
    const weight = addrs.length ? Math.floor(100 / addrs.length) : 100;
    for (const a of addrs) out.push({ name: qname, ttl: TTL, type: 'SRV', data: `0 ${weight} ${p.port} ${fq(`${a.hostname ?? dashed(a.ip)}.${fqdn}`)}` });
  }
  return out;
}

function ptr(cluster: Cluster, qname: string): DnsResponse {
  const parts = qname.replace(/\.in-addr\.arpa$/, '').split('.');
  if (parts.length !== 4) return { rcode: 'NXDOMAIN', answers: [] };
  const ip = parts.reverse().join('.');
  for (const s of cluster.store.list('services')) {
    const base = `${s.metadata.name}.${s.metadata.namespace}.svc.${CLUSTER_DOMAIN}`;
    if (s.spec?.clusterIP === ip) return { rcode: 'NOERROR', answers: [{ name: qname, ttl: TTL, type: 'PTR', data: fq(base) }] };
    if (s.spec?.clusterIP === 'None') {
      const a = readyAddresses(cluster, s).find((x) => x.ip === ip);
      if (a) return { rcode: 'NOERROR', answers: [{ name: qname, ttl: TTL, type: 'PTR', data: fq(`${a.hostname ?? dashed(ip)}.${base}`) }] };
    }
  }
  return { rcode: 'NXDOMAIN', answers: [] };
}

/** Answers one query for an absolute name (no trailing dot needed), as CoreDNS would. */
export function dnsQuery(cluster: Cluster, qname: string, type: DnsType): DnsResponse {
  return query(cluster, qname, type, 0);
}

function query(cluster: Cluster, qname: string, type: DnsType, depth: number): DnsResponse {
  const name = qname.toLowerCase().replace(/\.$/, '');
  if (type === 'PTR' || name.endsWith('.in-addr.arpa')) return ptr(cluster, name);
  const suffix = `.${CLUSTER_DOMAIN}`;
  if (name !== CLUSTER_DOMAIN && !name.endsWith(suffix)) {
    const pub = publicAddress(name);
    if (!pub) return { rcode: 'NXDOMAIN', answers: [] };
    return type === 'A' || type === 'ANY' ? { rcode: 'NOERROR', answers: [{ name, ttl: TTL, type: 'A', data: pub }] } : { rcode: 'NOERROR', answers: [] };
  }
  const labels = name === CLUSTER_DOMAIN ? [] : name.slice(0, -suffix.length).split('.');
  const nsExists = (ns: string) => !!cluster.store.get('namespaces', '', ns);
  const kind = labels[labels.length - 1];
  const nodata: DnsResponse = { rcode: 'NOERROR', answers: [] };
  if (kind === 'pod' && labels.length === 3) {
    const m = /^(\d+)-(\d+)-(\d+)-(\d+)$/.exec(labels[0]!);
    if (!m || !nsExists(labels[1]!)) return { rcode: 'NXDOMAIN', answers: [] };
    return type === 'A' || type === 'ANY' ? { rcode: 'NOERROR', answers: [{ name, ttl: TTL, type: 'A', data: m.slice(1).join('.') }] } : nodata;
  }
  if (kind !== 'svc') return labels.length === 0 || (labels.length === 1 && (labels[0] === 'svc' || labels[0] === 'pod')) ? nodata : { rcode: 'NXDOMAIN', answers: [] };
  const rest = labels.slice(0, -1);
  if (rest.length === 1) return nsExists(rest[0]!) ? nodata : { rcode: 'NXDOMAIN', answers: [] };
  if (rest.length < 2) return nodata;
  const ns = rest[rest.length - 1]!;
  const svc = cluster.store.get('services', ns, rest[rest.length - 2]!);
  if (!svc) return { rcode: 'NXDOMAIN', answers: [] };
  const fqdn = `${svc.metadata.name}.${ns}.svc.${CLUSTER_DOMAIN}`;
  if (rest.length === 2) {
    const answers = serviceRecords(cluster, svc, name, type, depth);
    return { rcode: 'NOERROR', answers };
  }
  if (rest.length === 4 && rest[0]!.startsWith('_') && rest[1]!.startsWith('_')) {
    const answers = type === 'SRV' || type === 'ANY' ? srvRecords(cluster, svc, fqdn, rest[0]!.slice(1), rest[1]!.slice(1), name) : [];
    return answers.length || type !== 'SRV' ? { rcode: answers.length || type !== 'SRV' ? 'NOERROR' : 'NXDOMAIN', answers } : { rcode: 'NXDOMAIN', answers: [] };
  }
  if (rest.length === 3 && svc.spec?.clusterIP === 'None') {
    const host = rest[0]!;
    const a = readyAddresses(cluster, svc).find((x) => (x.hostname ?? dashed(x.ip)) === host);
    if (!a) return { rcode: 'NXDOMAIN', answers: [] };
    return type === 'A' || type === 'ANY' ? { rcode: 'NOERROR', answers: [{ name, ttl: TTL, type: 'A', data: a.ip }] } : nodata;
  }
  return { rcode: 'NXDOMAIN', answers: [] };
}

/** What a stub resolver (libc, wget, curl) gets for a host name. */
export type Resolution = { ok: true; fqdn: string; addresses: string[]; cnames: string[] } | { ok: false; reason: 'NXDOMAIN' | 'timeout' };

/**
 * Resolves a host name to addresses the way a Pod's resolver does: search list, ndots:5,
 * CNAME chains followed (ExternalName Services), and a timeout when CoreDNS does not answer.
 */
export function resolveHost(cluster: Cluster, name: string, namespace: string): Resolution {
  if (!dnsServing(cluster)) return { ok: false, reason: 'timeout' };
  for (const c of candidates(name.toLowerCase(), namespace)) {
    const r = followCnames(cluster, c);
    if (r) return r;
  }
  return { ok: false, reason: 'NXDOMAIN' };
}

function followCnames(cluster: Cluster, start: string): Resolution | undefined {
  const cnames: string[] = [];
  let current = start;
  for (let hop = 0; hop < 8; hop++) {
    const r = dnsQuery(cluster, current, 'A');
    if (r.rcode !== 'NOERROR') return hop ? { ok: false, reason: 'NXDOMAIN' } : undefined;
    const a = r.answers.filter((x) => x.type === 'A').map((x) => x.data);
    if (a.length) return { ok: true, fqdn: current, addresses: a, cnames };
    const cn = r.answers.find((x) => x.type === 'CNAME');
    if (!cn) return undefined;
    cnames.push(cn.data);
    current = cn.data.replace(/\.$/, '');
  }
  return { ok: false, reason: 'NXDOMAIN' };
}
