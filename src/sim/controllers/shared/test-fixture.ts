/**
 * Clusters for controller tests: namespace `default` with its ServiceAccount, the ReplicaSet
 * and Deployment controllers and the garbage collector running, and nothing else (no
 * scheduler, no kubelet). Tests play the kubelet themselves with `markReady`.
 */
import { Cluster } from '../../cluster.ts';
import { clone, isoTime, type KubeObject } from '../../api/types.ts';
import { createReplicaSetController } from '../replicaset/replicaset-controller.ts';
import { createDeploymentController } from '../deployment/deployment-controller.ts';
import { createGarbageCollector } from '../garbage-collector/garbage-collector.ts';
import { installDefaultKinds } from '../../testing/default-api.ts';

/** A cluster with the workload controllers and the garbage collector, settled. */
export function workloadCluster(seed = 1): Cluster {
  const cluster = new Cluster({ seed });
  installDefaultKinds(cluster.api);
  cluster.store.put('namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'default', uid: cluster.random.uuid(), labels: { 'kubernetes.io/metadata.name': 'default' } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  cluster.store.put('serviceaccounts', {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: 'default', namespace: 'default', uid: cluster.random.uuid() },
  });
  cluster.addController(createDeploymentController(cluster));
  cluster.addController(createReplicaSetController(cluster));
  cluster.addController(createGarbageCollector(cluster));
  cluster.settle();
  return cluster;
}

/** The Deployment `kubectl create deployment NAME --image=IMAGE --replicas=N` sends. */
export function deploymentManifest(name: string, image: string, replicas = 1, container = 'nginx'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: container, image }] } },
    },
  };
}

/** A bare ReplicaSet manifest selecting `app=<name>`. */
export function replicaSetManifest(name: string, replicas = 1, image = 'nginx:1.25'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image }] } },
    },
  };
}

/** Plays the kubelet: marks a Pod Running and Ready (condition transition at now). */
export function markReady(cluster: Cluster, pod: KubeObject, nodeName?: string): void {
  const now = isoTime(cluster.now());
  const status = {
    phase: 'Running',
    conditions: [
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: now },
    ],
    startTime: now,
  };
  if (nodeName) {
    cluster.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (o) => {
      o.spec = { ...clone(o.spec), nodeName };
      o.status = status;
    });
  } else cluster.api.updateStatus('pods', pod.metadata.namespace, pod.metadata.name!, status);
}

/** Pods of namespace `default` (optionally only those whose name starts with `prefix`). */
export function podsOf(cluster: Cluster, prefix = ''): KubeObject[] {
  return cluster.store.list('pods', 'default').filter((p) => p.metadata.name!.startsWith(prefix));
}

/** Marks every not-yet-ready, non-terminating Pod ready, settles, and returns how many it touched. */
export function readyAll(cluster: Cluster, prefix = ''): number {
  let n = 0;
  for (const p of podsOf(cluster, prefix)) {
    if (p.metadata.deletionTimestamp || p.status?.phase === 'Running') continue;
    markReady(cluster, p);
    n++;
  }
  cluster.settle();
  return n;
}

/** Messages of the events recorded about `name` by `component`, oldest first. */
export function eventMessages(cluster: Cluster, component: string, involvedName?: string): string[] {
  return cluster.store
    .list('events', 'default')
    .filter((e) => (e.source as { component: string }).component === component)
    .filter((e) => !involvedName || (e.involvedObject as { name: string }).name === involvedName)
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .map((e) => e.message as string);
}
