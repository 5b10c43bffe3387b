/**
 * What a running kubelet keeps posting about its node: the node Lease in kube-node-lease,
 * renewed every 10 s (a quarter of its 40 s duration), and the node conditions' heartbeat,
 * reported every 5 minutes while nothing changes (nodeStatusReportFrequency). A stopped node
 * posts neither, which is what the node lifecycle controller notices.
 */
import { isoTime } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { component, type Installer } from '../installer.ts';
import { nodeAgents } from './node-agents.ts';

export const LEASE_RENEW_MS = 10_000;
export const STATUS_REPORT_MS = 5 * 60_000;
const LEASES = 'leases.coordination.k8s.io';

function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

/** Creates or renews a running node's Lease. */
export function renewLease(cluster: Cluster, node: string): void {
  const n = cluster.store.get('nodes', '', node);
  if (!n || !cluster.store.get('namespaces', '', 'kube-node-lease')) return;
  const now = microTime(cluster.now());
  const lease = cluster.store.get(LEASES, 'kube-node-lease', node);
  if (lease) {
    cluster.api.modifyStatus(LEASES, 'kube-node-lease', node, (l) => {
      l.spec = { ...l.spec, renewTime: now };
    });
    return;
  }
  cluster.api.create(LEASES, {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node,
      namespace: 'kube-node-lease',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node, uid: n.metadata.uid! }],
    },
    spec: { holderIdentity: node, leaseDurationSeconds: 40, renewTime: now },
  });
}

function reportStatus(cluster: Cluster, node: string): void {
  const n = cluster.store.get('nodes', '', node);
  if (!n || (n.spec?.taints ?? []).some((t: { key: string }) => t.key === 'node.kubernetes.io/unreachable')) return;
  const t = isoTime(cluster.now());
  cluster.api.modifyStatus('nodes', undefined, node, (o) => {
    for (const c of o.status?.conditions ?? []) c.lastHeartbeatTime = t;
  });
}

/** Starts the lease and status heartbeats of every node whose kubelet runs. */
export function startNodeHeartbeats(cluster: Cluster): void {
  const agents = nodeAgents(cluster);
  const running = () => cluster.store.list('nodes').map((n) => n.metadata.name!).filter((n) => agents.running(n));
  const leaseTick = () => {
    for (const n of running()) renewLease(cluster, n);
    cluster.clock.setTimeout(leaseTick, LEASE_RENEW_MS);
  };
  const statusTick = () => {
    for (const n of running()) reportStatus(cluster, n);
    cluster.clock.setTimeout(statusTick, STATUS_REPORT_MS);
  };
  cluster.clock.setTimeout(leaseTick, LEASE_RENEW_MS);
  cluster.clock.setTimeout(statusTick, STATUS_REPORT_MS);
  // A node whose kubelet comes back renews at once.
  agents.onChange((node, up) => {
    if (up) cluster.clock.setTimeout(() => renewLease(cluster, node), 0);
  });
}

/** The kubelets' node heartbeats (Leases, node status). */
export const NODE_HEARTBEATS: Installer = component('node-heartbeats', startNodeHeartbeats);
