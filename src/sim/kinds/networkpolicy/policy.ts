/**
 * NetworkPolicy enforcement as kind's kindnet applies it (1.32): a Pod selected by a policy of
 * type Ingress accepts only connections some ingress rule allows; one selected by a policy of
 * type Egress opens only connections some egress rule allows; Pods no policy selects are open.
 * Peers are Pods (podSelector in the policy's namespace, namespaceSelector, or both) or
 * address blocks (ipBlock with exceptions); ports match by number, range (endPort) or the
 * destination container's port name. Connections are judged after Service translation, on the
 * Pod address and target port, as the node's packet filter sees them.
 */
import type { Cluster } from '../../cluster.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';
import type { NetworkPolicy, NetworkPolicyEgressRule, NetworkPolicyIngressRule, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec, Pod } from '../generated-types.ts';

export const NETWORK_POLICIES = 'networkpolicies.networking.k8s.io';

/** One end of a connection: its address and, when it is a Pod, the Pod. */
export interface Endpoint {
  ip: string;
  pod?: Pod;
}

function ipToInt(ip: string): number | undefined {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/** Whether `ip` is inside `cidr` (IPv4). */
export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const a = ipToInt(ip);
  const b = ipToInt(base ?? '');
  const n = Number(bits ?? 32);
  if (a === undefined || b === undefined || !(n >= 0 && n <= 32)) return false;
  const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}

function namespaceLabels(cluster: Cluster, ns: string | undefined): Record<string, string> {
  return (cluster.store.get('namespaces', '', ns ?? '')?.metadata.labels ?? {}) as Record<string, string>;
}

function peerMatches(cluster: Cluster, peer: NetworkPolicyPeer, policyNs: string, other: Endpoint): boolean {
  if (peer.ipBlock) {
    const block = peer.ipBlock;
    if (!inCidr(other.ip, String(block.cidr ?? ''))) return false;
    return !(block.except ?? []).some((c) => inCidr(other.ip, c));
  }
  const pod = other.pod;
  if (!pod) return false;
  const podNs = pod.metadata.namespace;
  if (peer.namespaceSelector) {
    if (!matches(selectorFromSpec(peer.namespaceSelector), namespaceLabels(cluster, podNs))) return false;
  } else if (podNs !== policyNs) return false;
  return peer.podSelector ? matches(selectorFromSpec(peer.podSelector), pod.metadata.labels) : true;
}

/** The number a named port has on the destination Pod's containers. */
function namedPort(pod: Pod | undefined, name: string, protocol: string): number | undefined {
  for (const c of pod?.spec?.containers ?? []) {
    for (const p of c.ports ?? []) if (p.name === name && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  }
  return undefined;
}

function portMatches(rulePorts: NetworkPolicyPort[] | undefined, port: number, protocol: string, dest: Endpoint): boolean {
  if (!rulePorts || !rulePorts.length) return true;
  return rulePorts.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    const first = typeof p.port === 'number' ? p.port : namedPort(dest.pod, String(p.port), protocol);
    if (first === undefined) return false;
    return typeof p.endPort === 'number' ? port >= first && port <= p.endPort : port === first;
  });
}

/** The policy types in force: the stored list, or what the API server defaults it to. */
export function policyTypes(spec: Partial<NetworkPolicySpec>): string[] {
  if (Array.isArray(spec.policyTypes) && spec.policyTypes.length) return spec.policyTypes;
  return Array.isArray(spec.egress) && spec.egress.length ? ['Ingress', 'Egress'] : ['Ingress'];
}

function selecting(cluster: Cluster, pod: Pod, type: 'Ingress' | 'Egress'): NetworkPolicy[] {
  return (cluster.store.list(NETWORK_POLICIES, pod.metadata.namespace) as NetworkPolicy[])
    .filter((np) => policyTypes(np.spec ?? {}).includes(type) && matches(selectorFromSpec(np.spec?.podSelector ?? {}), pod.metadata.labels));
}

function sideAllows(cluster: Cluster, self: Pod, other: Endpoint, type: 'Ingress' | 'Egress', port: number, protocol: string, dest: Endpoint): boolean {
  const policies = selecting(cluster, self, type);
  if (!policies.length) return true;
  const field = type === 'Ingress' ? 'ingress' : 'egress';
  const peersField = type === 'Ingress' ? 'from' : 'to';
  return policies.some((np) =>
    (np.spec?.[field] ?? []).some((rule) => {
      if (!portMatches(rule.ports, port, protocol, dest)) return false;
      const peers = peersField === 'from' ? (rule as NetworkPolicyIngressRule).from : (rule as NetworkPolicyEgressRule).to;
      return !peers || !peers.length || peers.some((peer) => peerMatches(cluster, peer, np.metadata.namespace!, other));
    }),
  );
}

/** Whether a connection from `src` to `dst` on `port` is allowed by both ends' policies. */
export function connectionAllowed(cluster: Cluster, src: Endpoint, dst: Endpoint, port: number, protocol = 'TCP'): boolean {
  if (src.pod && src.pod.metadata.uid === dst.pod?.metadata.uid) return true;
  if (src.pod && !sideAllows(cluster, src.pod, dst, 'Egress', port, protocol, dst)) return false;
  return !dst.pod || sideAllows(cluster, dst.pod, src, 'Ingress', port, protocol, dst);
}

/** Whether a Pod may reach cluster DNS: some kube-dns Pod accepts its UDP port 53 traffic. */
export function dnsAllowed(cluster: Cluster, pod: Pod, ip: string): boolean {
  if (!selecting(cluster, pod, 'Egress').length) return true;
  const dnsPods = (cluster.store.list('pods', 'kube-system') as Pod[]).filter((p) => p.metadata.labels?.['k8s-app'] === 'kube-dns' && p.status?.podIP);
  return dnsPods.some((d) => connectionAllowed(cluster, { ip, pod }, { ip: String(d.status?.podIP), pod: d }, 53, 'UDP'));
}
