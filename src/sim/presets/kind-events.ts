/**
 * The Events a fresh cluster already holds in `default`: each node's kubelet start-up,
 * registration by the node controller and kube-proxy start.
 */
import { isoTime, type KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';

interface NodeEvent {
  reason: string;
  message: string;
  component: string;
  /** ms after the node's creation. */
  offset: number;
}

function nodeEvents(node: string): NodeEvent[] {
  const status = (s: string): string => `Node ${node} status is now: ${s}`;
  return [
    { reason: 'Starting', message: 'Starting kubelet.', component: 'kubelet', offset: -2000 },
    { reason: 'NodeHasSufficientMemory', message: status('NodeHasSufficientMemory'), component: 'kubelet', offset: -1500 },
    { reason: 'NodeHasNoDiskPressure', message: status('NodeHasNoDiskPressure'), component: 'kubelet', offset: -1500 },
    { reason: 'NodeHasSufficientPID', message: status('NodeHasSufficientPID'), component: 'kubelet', offset: -1500 },
    { reason: 'NodeAllocatableEnforced', message: 'Updated Node Allocatable limit across pods', component: 'kubelet', offset: -1000 },
    { reason: 'RegisteredNode', message: `Node ${node} event: Registered Node ${node} in Controller`, component: 'node-controller', offset: 4000 },
    { reason: 'Starting', message: '', component: 'kube-proxy', offset: 6000 },
    { reason: 'NodeReady', message: status('NodeReady'), component: 'kubelet', offset: 20_000 },
  ];
}

/** Writes the start-up events of every node into `default`. */
export function writeNodeEvents(cluster: Cluster, nodes: KubeObject[]): void {
  for (const node of nodes) {
    const name = node.metadata.name!;
    const created = Date.parse(node.metadata.creationTimestamp!);
    for (const e of nodeEvents(name)) {
      const ms = created + e.offset;
      const at = isoTime(ms);
      // Real event names are `<object>.<UnixNano in hex>`, so they sort by time.
      const nanos = BigInt(ms) * 1_000_000n + BigInt(cluster.random.int(0, 999_999));
      const fromKubelet = e.component !== 'node-controller';
      cluster.store.put('events', {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${name}.${nanos.toString(16)}`, namespace: 'default', uid: cluster.random.uuid(), creationTimestamp: at },
        involvedObject: fromKubelet ? { kind: 'Node', name, uid: name } : { apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid },
        reason: e.reason,
        message: e.message,
        source: fromKubelet ? { component: e.component, host: name } : { component: e.component },
        firstTimestamp: at,
        lastTimestamp: at,
        count: 1,
        type: 'Normal',
        eventTime: null,
        reportingComponent: e.component,
        reportingInstance: fromKubelet ? name : '',
      });
    }
  }
}

/** The three ComponentStatus objects (`kubectl get cs`), all healthy. */
export function writeComponentStatuses(cluster: Cluster): void {
  for (const name of ['controller-manager', 'etcd-0', 'scheduler']) {
    cluster.store.put('componentstatuses', {
      apiVersion: 'v1',
      kind: 'ComponentStatus',
      metadata: { name },
      conditions: [{ message: 'ok', status: 'True', type: 'Healthy' }],
    });
  }
}
