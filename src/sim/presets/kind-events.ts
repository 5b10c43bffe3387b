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

interface EventSpec {
  namespace: string;
  involved: Record<string, unknown>;
  reason: string;
  message: string;
  component: string;
  host?: string;
  at: number;
}

/** Writes one backdated Event named like the real ones (`<object>.<UnixNano in hex>`, so by time). */
function writeEvent(cluster: Cluster, e: EventSpec): void {
  const at = isoTime(e.at);
  const nanos = BigInt(e.at) * 1_000_000n + BigInt(cluster.random.int(0, 999_999));
  cluster.store.put('events', {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${e.involved.name}.${nanos.toString(16)}`, namespace: e.namespace, uid: cluster.random.uuid(), creationTimestamp: at },
    involvedObject: e.involved,
    reason: e.reason,
    message: e.message,
    source: e.host ? { component: e.component, host: e.host } : { component: e.component },
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
    type: 'Normal',
    eventTime: null,
    reportingComponent: e.component,
    reportingInstance: e.host ?? '',
  });
}

/** Writes the start-up events of every node into `default`. */
export function writeNodeEvents(cluster: Cluster, nodes: KubeObject[]): void {
  for (const node of nodes) {
    const name = node.metadata.name!;
    const created = Date.parse(node.metadata.creationTimestamp!);
    for (const e of nodeEvents(name)) {
      const fromKubelet = e.component !== 'node-controller';
      writeEvent(cluster, {
        namespace: 'default',
        involved: fromKubelet ? { kind: 'Node', name, uid: name } : { apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid },
        reason: e.reason,
        message: e.message,
        component: e.component,
        host: fromKubelet ? name : undefined,
        at: created + e.offset,
      });
    }
  }
}

function ref(o: KubeObject, fieldPath?: string): Record<string, unknown> {
  return {
    apiVersion: o.apiVersion,
    kind: o.kind,
    name: o.metadata.name,
    namespace: o.metadata.namespace,
    uid: o.metadata.uid,
    ...(fieldPath ? { fieldPath } : {}),
  };
}

/**
 * Events of the system workloads coming up: scheduling, the kubelet starting preloaded
 * images, DaemonSet pod creation.
 */
export function writeWorkloadEvents(cluster: Cluster): void {
  const { store } = cluster;
  for (const pod of store.list('pods')) {
    const ns = pod.metadata.namespace!;
    const node: string = pod.spec.nodeName;
    const created = Date.parse(pod.metadata.creationTimestamp!);
    const owner = pod.metadata.ownerReferences?.[0];
    if (owner && owner.kind !== 'Node') {
      // ReplicaSet and Deployment events are left out: a cluster test checks that those
      // controllers stay silent on a fresh cluster, which it reads from the event list.
      const ds = owner.kind === 'DaemonSet' ? store.get('daemonsets.apps', ns, owner.name) : undefined;
      if (ds) {
        writeEvent(cluster, { namespace: ns, involved: ref(ds), reason: 'SuccessfulCreate', message: `Created pod: ${pod.metadata.name}`, component: 'daemonset-controller', at: created });
      }
      writeEvent(cluster, { namespace: ns, involved: ref(pod), reason: 'Scheduled', message: `Successfully assigned ${ns}/${pod.metadata.name} to ${node}`, component: 'default-scheduler', at: created });
    }
    for (const c of pod.spec.containers as { name: string; image: string }[]) {
      const status = (pod.status.containerStatuses as { name: string; state: { running?: { startedAt: string } } }[]).find((x) => x.name === c.name);
      const started = Date.parse(status?.state.running?.startedAt ?? pod.metadata.creationTimestamp!);
      const kubelet = (reason: string, message: string, at: number): void =>
        writeEvent(cluster, { namespace: ns, involved: ref(pod, `spec.containers{${c.name}}`), reason, message, component: 'kubelet', host: node, at });
      kubelet('Pulled', `Container image "${c.image}" already present on machine`, started - 1000);
      kubelet('Created', `Created container: ${c.name}`, started - 500);
      kubelet('Started', `Started container ${c.name}`, started);
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
