/**
 * Requests from the machine that runs the kind nodes (the learner's terminal): it reaches the
 * nodes' addresses (NodePorts, host ports) and load-balancer addresses on the kind network, and
 * on its own loopback the ports kind publishes for the cluster (`extraPortMappings` in kind's
 * cluster config: Docker forwards host port 80 to port 80 of the control-plane node). It has
 * no cluster DNS and no route to Pod or Service addresses. What the terminal itself listens on
 * (`kubectl port-forward`) is the terminal's, not the cluster's: its host checks that first.
 */
import type { Cluster } from '../cluster.ts';
import type { FetchResult } from '../kubelet/http.ts';
import { requestIP } from './connect.ts';
import { portMappings } from './port-mappings.ts';

export { portMappings, setPortMappings, type PortMapping } from './port-mappings.ts';

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function nodeIP(cluster: Cluster, name: string): string | undefined {
  const node = cluster.store.get('nodes', '', name);
  return (node?.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address;
}

/**
 * One HTTP GET from the host, sending `hostHeader` as the Host header (default: the name or
 * address asked for, with `:port` when not 80). Loopback reaches the cluster only through
 * a port mapping (Docker's proxy listens on every address of the host); otherwise refused.
 */
export function hostRequest(cluster: Cluster, host: string, port: number, path: string, agent: string, hostHeader?: string): FetchResult {
  const header = hostHeader ?? (port === 80 ? host : `${host}:${port}`);
  if (LOOPBACK.has(host)) {
    const shown = host === 'localhost' ? '127.0.0.1' : host;
    const m = portMappings(cluster).find((p) => p.hostPort === port);
    const ip = m && nodeIP(cluster, m.node);
    if (!m || !ip) return { error: 'refused', ip: shown };
    const r = requestIP(cluster, { host: true }, ip, m.containerPort, path, agent, header);
    // Docker's proxy accepts the connection, then closes it when the node refuses: an empty reply.
    if ('error' in r) return { error: r.error === 'refused' ? 'not-http' : r.error, ip: shown };
    return { ...r, ip: shown };
  }
  if (!IPV4.test(host)) return { error: 'bad-address' };
  return requestIP(cluster, { host: true }, host, port, path, agent, header);
}

/** A bare TCP connect from the host (nothing sent, nothing logged), for checks. */
export function hostProbe(cluster: Cluster, ip: string, port: number): FetchResult {
  return hostRequest(cluster, ip, port, '/', '');
}
