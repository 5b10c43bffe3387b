/**
 * Small clusters for unit tests of the scheduler, kubelet and node operations: the `kind`
 * shape (tainted control-plane + two workers) written straight into the store, with only the
 * components a test asks for running.
 */
import { Cluster } from '../cluster.ts';
import type { KubeObject } from '../api/types.ts';
import { nodeObject, type NodeOptions } from './node-template.ts';
import { installDefaultKinds } from '../testing/default-api.ts';

export const CONTROL_PLANE_TAINT = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

/** Writes a node into the store (uid and timestamps filled in). */
export function putNode(cluster: Cluster, name: string, opts: NodeOptions): KubeObject {
  const node = nodeObject(name, opts, cluster.now());
  node.metadata.uid = cluster.random.uuid();
  return cluster.store.put('nodes', node);
}

/**
 * A cluster with namespaces `default` and `kube-system` and kind's three nodes, with the given
 * components started (e.g. `startScheduler`). Nodes can be tuned per name through `nodeOpts`.
 */
export function kindLikeCluster(
  components: ((c: Cluster) => void)[] = [],
  nodeOpts: Record<string, Partial<NodeOptions>> = {},
  seed = 1,
): Cluster {
  const cluster = new Cluster({ seed });
  installDefaultKinds(cluster.api);
  for (const ns of ['default', 'kube-system']) {
    cluster.store.put('namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns, uid: cluster.random.uuid(), labels: { 'kubernetes.io/metadata.name': ns } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }
  putNode(cluster, 'kind-control-plane', {
    ip: '172.18.0.2',
    podCIDR: '10.244.0.0/24',
    controlPlane: true,
    taints: [{ ...CONTROL_PLANE_TAINT }],
    ...nodeOpts['kind-control-plane'],
  });
  putNode(cluster, 'kind-worker', { ip: '172.18.0.3', podCIDR: '10.244.1.0/24', ...nodeOpts['kind-worker'] });
  putNode(cluster, 'kind-worker2', { ip: '172.18.0.4', podCIDR: '10.244.2.0/24', ...nodeOpts['kind-worker2'] });
  for (const c of components) c(cluster);
  cluster.settle();
  return cluster;
}

/** A Pod manifest with one container per image (names `c0`, `c1`, ... unless `name` given for one). */
export function podManifest(name: string, spec: Record<string, unknown> = {}, image = 'nginx:1.27'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [{ name, image, imagePullPolicy: 'IfNotPresent' }],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
      ...spec,
    },
  };
}
