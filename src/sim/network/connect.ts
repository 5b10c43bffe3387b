/**
 * One HTTP request over the simulated network, from a Pod or from the machine that runs the
 * kind nodes (the learner's terminal). Names go through cluster DNS (Pods only); addresses are
 * then routed the way a kind cluster routes them:
 *   a Pod IP                 that Pod (from Pods; the host has no route to the Pod network)
 *   a ClusterIP              kube-proxy picks a ready endpoint; none: connection refused;
 *                            a port the Service does not declare: no rule, the client times out
 *   a node IP : hostPort     the Pod on that node holding the host port (portmap's DNAT)
 *   a node IP : NodePort     the same as a ClusterIP, on every node, control plane included
 *   a LoadBalancer address   the same, once an add-on gave the Service that address
 *   a public site's address its page (public-web.ts), from Pods and the host alike
 *   a port nobody listens on connection refused; an address nobody has: the client times out
 */
import type { Cluster } from '../cluster.ts';
import type { FetchResult } from '../kubelet/http.ts';
import type { Kubelet } from '../kubelet/kubelet.ts';
import type { PodRuntime } from '../kubelet/runtime.ts';
import { dnsQuery, dnsServing, resolveHost } from './dns.ts';
import { hostPortTarget } from './host-ports.ts';
import { podDnsWith, resolveInPod } from './pod-dns-view.ts';
import { publicAddress, publicRequest } from './public-web.ts';
import { connectionAllowed, dnsAllowed } from '../kinds/networkpolicy/enforcement.ts';
import { isNodeIP, pickServiceBackend, serviceByClusterIP, serviceByLoadBalancerIP, serviceByNodePort, servicePort } from './service-backend.ts';

/** Where a Pod's own lookups get their answers: this module is the network code. */
const ANSWERS = { dnsServing, dnsQuery, publicAddress };

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Where a request comes from: a Pod (its runtime), the kind host, or `{ cluster: true }`: a
 * client anywhere on the Pod network (what exercise checks use to try a Service).
 */
export type Origin = { pod: PodRuntime } | { host: true } | { cluster: true };

/** The running Pod that owns `ip`, if any. */
export function podByIP(cluster: Cluster, ip: string): PodRuntime | undefined {
  const kubelets = cluster.extensions.get('kubelets') as Map<string, Kubelet> | undefined;
  for (const k of kubelets?.values() ?? []) {
    const rt = k.runtimeByIP(ip);
    if (rt) return rt;
  }
  return undefined;
}

function serve(target: PodRuntime, port: number, path: string, remote: string, agent: string, host?: string): FetchResult {
  for (const c of target.containers) {
    if (c.step !== 'running' || !c.probes?.ports.has(port)) continue;
    const h = c.probes.ports.get(port);
    // A bare TCP connect (`nc -z`, agent ''): the port is open, nothing is sent.
    if (agent === '') return { status: 0, body: '', ip: target.ip };
    if (!h) return { error: 'not-http', ip: target.ip };
    return h({ path, remote, agent, host });
  }
  return { error: 'refused', ip: target.ip };
}

const podObject = (cluster: Cluster, rt: PodRuntime | undefined) => (rt ? cluster.store.get('pods', rt.namespace, rt.name) : undefined);

/**
 * Whether NetworkPolicies drop a connection from `from` (or, without a Pod, from address
 * `remote`) to `target`'s `port`: a dropped connection is never answered, so the client times out.
 */
function policyDrops(cluster: Cluster, from: PodRuntime | undefined, remote: string, target: PodRuntime, port: number): boolean {
  return !connectionAllowed(cluster, { ip: remote, pod: podObject(cluster, from) }, { ip: target.ip ?? '', pod: podObject(cluster, target) }, port);
}

/** Sends the request to one Pod endpoint; the client sees `shownIP` as the address it reached. */
function toEndpoint(cluster: Cluster, from: PodRuntime | undefined, ip: string, port: number, path: string, remote: string, agent: string, shownIP: string, host?: string): FetchResult {
  const target = podByIP(cluster, ip);
  if (!target) return { error: 'timeout', ip: shownIP };
  if (policyDrops(cluster, from, remote, target, port)) return { error: 'timeout', ip: shownIP };
  const res = serve(target, port, path, remote, agent, host);
  return { ...res, ip: shownIP };
}

/**
 * Connects to `ip:port` and sends `GET path`. `remote` is the client address the server logs
 * (the Pod IP, or the node's bridge when traffic came in through a NodePort); `host` is the
 * Host header sent, which name-based virtual hosts (an Ingress controller) route on.
 */
export function requestIP(cluster: Cluster, origin: Origin, ip: string, port: number, path: string, agent: string, host?: string): FetchResult {
  const fromPod = 'pod' in origin ? origin.pod : undefined;
  const fromHost = 'host' in origin;
  const remote = fromPod?.ip ?? (fromHost ? '172.18.0.1' : '10.244.0.1');
  if (fromPod && ip === fromPod.ip) return { ...serve(fromPod, port, path, remote, agent, host), ip };
  // A public site, reached through the node's NAT.
  const pub = publicRequest(ip, port, path);
  if (pub === 'timeout') return { error: 'timeout', ip };
  if (pub) return { ...pub, ip };
  const svc = serviceByClusterIP(cluster, ip);
  if (svc) {
    // The host has no route to the Service network.
    if (fromHost) return { error: 'timeout', ip };
    // kube-proxy (iptables mode, kind's default) has rules only for the declared ports: a
    // packet to any other port of the ClusterIP is routed nowhere and the client times out.
    if (!servicePort(svc, port)) return { error: 'timeout', ip };
    const b = pickServiceBackend(cluster, svc, port);
    if (!b) return { error: 'refused', ip };
    return toEndpoint(cluster, fromPod, b.ip, b.port, path, remote, agent, ip, host);
  }
  if (isNodeIP(cluster, ip)) {
    const hp = hostPortTarget(cluster, ip, port);
    if (hp) {
      if (policyDrops(cluster, fromPod, remote, hp.pod, hp.containerPort)) return { error: 'timeout', ip };
      return { ...serve(hp.pod, hp.containerPort, path, remote, agent, host), ip };
    }
    const np = serviceByNodePort(cluster, port);
    if (!np) return { error: 'refused', ip };
    const b = pickServiceBackend(cluster, np.svc, np.port);
    if (!b) return { error: 'refused', ip };
    // Traffic entering through a node is SNATed to that node's bridge address.
    return toEndpoint(cluster, fromPod, b.ip, b.port, path, fromHost ? '10.244.0.1' : remote, agent, ip, host);
  }
  const lb = serviceByLoadBalancerIP(cluster, ip);
  if (lb) {
    // The load balancer's proxy listens on the Service's ports only.
    if (!servicePort(lb, port)) return { error: 'refused', ip };
    const b = pickServiceBackend(cluster, lb, port);
    if (!b) return { error: 'refused', ip };
    return toEndpoint(cluster, fromPod, b.ip, b.port, path, '10.244.0.1', agent, ip, host);
  }
  if (fromHost) return { error: 'timeout', ip };
  const pod = podByIP(cluster, ip);
  if (!pod) return { error: 'timeout', ip };
  if (policyDrops(cluster, fromPod, remote, pod, port)) return { error: 'timeout', ip };
  return { ...serve(pod, port, path, remote, agent, host), ip };
}

/**
 * A request made by a container of `from`: localhost, its own name, DNS names, addresses.
 * `hostHeader` is the Host header sent (default: `host`, with `:port` when not 80).
 */
export function podRequest(cluster: Cluster, from: PodRuntime, host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult {
  const header = hostHeader ?? (port === 80 ? host : `${host}:${port}`);
  if (host === 'localhost' || host === '127.0.0.1') return { ...serve(from, port, path, '127.0.0.1', agent, header), ip: '127.0.0.1' };
  if (host === from.name) return { ...serve(from, port, path, from.ip ?? '127.0.0.1', agent, header), ip: from.ip };
  let ip = host;
  if (!IPV4.test(host)) {
    const self = podObject(cluster, from);
    if (self && !dnsAllowed(cluster, self, from.ip ?? '')) return { error: 'dns-timeout' };
    const r = self ? resolveInPod(podDnsWith(ANSWERS, cluster, self), host) : resolveHost(cluster, host, from.namespace);
    if (!r.ok) return { error: r.reason === 'timeout' ? 'dns-timeout' : 'bad-address' };
    ip = r.addresses[0]!;
  }
  return requestIP(cluster, { pod: from }, ip, port, path, agent, header);
}

/**
 * A bare TCP connect to `host:port` from a client on the Pod network in `namespace` (names
 * resolved with that namespace's search list). Nothing is sent, so servers log nothing: this
 * is how checks ask "does this answer?" without changing anything.
 */
export function probeFromCluster(cluster: Cluster, namespace: string, host: string, port: number): FetchResult {
  let ip = host;
  if (!IPV4.test(host)) {
    const r = resolveHost(cluster, host, namespace);
    if (!r.ok) return { error: r.reason === 'timeout' ? 'dns-timeout' : 'bad-address' };
    ip = r.addresses[0]!;
  }
  return requestIP(cluster, { cluster: true }, ip, port, '/', '');
}
