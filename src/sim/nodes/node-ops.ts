/**
 * Node operations for lessons and exercises: add a worker, stop or start its kubelet, remove
 * it. Effects unfold on the cluster clock through the node lifecycle controller and the
 * kubelets, as they would on a kind cluster when a node container is paused or deleted.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { nodeAgents } from './node-agents.ts';
import { renewLease } from './node-heartbeat.ts';
import { nodeInternalIP, nodeObject, type NodeOptions } from './node-template.ts';

/**
 * What the new machine has and how its node registers: `cpu`, `memory`, `pods` (capacity;
 * allocatable is capacity minus what `reservation` keeps back, nothing as on kind), `extended` resources such as `{ 'nvidia.com/gpu': '2' }`,
 * extra `labels` and `taints` (as a kubelet's --node-labels / --register-with-taints would).
 * `ip` and `podCIDR` default to the next free ones.
 */
export type AddNodeOptions = Partial<NodeOptions>;

function nextAddress(nodes: KubeObject[], taken: string[] = []): { ip: string; podCIDR: string } {
  // Load balancers on the kind network (cloud-provider-kind) hold addresses too.
  const ips = [...nodes.map((n) => nodeInternalIP(n)), ...taken].map((ip) => Number(ip?.split('.')[3] ?? 0));
  const cidrs = nodes.map((n) => Number(String(n.spec?.podCIDR ?? '').split('.')[2] ?? -1));
  let third = 0;
  while (cidrs.includes(third)) third++;
  return { ip: `172.18.0.${Math.max(1, ...ips) + 1}`, podCIDR: `10.244.${third}.0/24` };
}

/**
 * Adds a Ready worker node like kind's (next InternalIP, next free /24 podCIDR) and records
 * node-controller's RegisteredNode event. Throws the API's AlreadyExists for a taken name.
 */
export function addNode(cluster: Cluster, name: string, opts: AddNodeOptions = {}): KubeObject {
  const lbIPs = cluster.store.list('services').flatMap((s) => ((s.status?.loadBalancer?.ingress ?? []) as { ip?: string }[]).map((i) => i.ip ?? ''));
  const addr = nextAddress(cluster.store.list('nodes'), lbIPs.filter(Boolean));
  const node = cluster.api.create('nodes', nodeObject(name, { ...addr, ...opts }, cluster.now())).object;
  nodeAgents(cluster).set(name, true);
  renewLease(cluster, name);
  cluster.events.record(node, 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`, {
    component: 'node-controller',
  });
  cluster.settle();
  return node;
}

/**
 * Stops the node's kubelet: no more status for its Pods; after 50 s the node turns NotReady
 * (Unknown) and is tainted unreachable; its Pods are evicted after their tolerationSeconds.
 */
export function stopNode(cluster: Cluster, name: string): void {
  cluster.api.get('nodes', undefined, name);
  nodeAgents(cluster).set(name, false);
  cluster.settle();
}

/** Starts the node's kubelet again: the node turns Ready and pending deletions complete. */
export function startNode(cluster: Cluster, name: string): void {
  cluster.api.get('nodes', undefined, name);
  nodeAgents(cluster).set(name, true);
  cluster.settle();
}

/** Deletes the node object; Pods bound to it are removed. */
export function removeNode(cluster: Cluster, name: string): void {
  cluster.api.delete('nodes', undefined, name);
  cluster.settle();
}
