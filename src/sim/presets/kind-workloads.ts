/**
 * Writes system workloads that have already rolled out: a Deployment with its ReplicaSet and
 * Ready Pods, a DaemonSet with its ControllerRevision and one Ready Pod per node, and static
 * (mirror) Pods owned by their Node. Statuses agree with each other as the controllers would
 * have left them.
 */
import { clone, isoTime, type KubeObject } from '../api/types.ts';
import { defaultPodTemplate } from '../apiserver/kinds/pod-spec.ts';
import type { Cluster } from '../cluster.ts';
import { controllerRef, put } from './kind-builders.ts';
import { buildRunningPod } from './kind-pods.ts';
import { daemonTolerations } from '../controllers/daemonset/tolerations.ts';
import { staticPodSpec, type StaticPodManifest } from './kind-templates.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Where one replica runs. */
export interface Placement {
  node: KubeObject;
  podIP: string;
}

function nodeIP(node: KubeObject): string {
  return (node.status?.addresses as Obj[]).find((a) => a.type === 'InternalIP')!.address;
}

/** A system Deployment to write, already rolled out. */
export interface DeploymentOptions {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  template: Obj;
  hash: string;
  placements: Placement[];
  createdAt: number;
  maxUnavailable?: string | number;
}

/** A rolled-out Deployment, its ReplicaSet `<name>-<hash>` and one Running pod per placement. */
export function writeDeployment(cluster: Cluster, o: DeploymentOptions): void {
  const replicas = o.placements.length;
  const template = clone(o.template);
  defaultPodTemplate(template);
  const selector = { matchLabels: { ...template.metadata.labels } };
  const rsName = `${o.name}-${o.hash}`;
  const t = isoTime(o.createdAt + 25_000);
  const deploy = put(cluster, 'deployments.apps', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { annotations: { 'deployment.kubernetes.io/revision': '1' }, generation: 1, labels: o.labels, name: o.name, namespace: o.namespace },
    spec: {
      progressDeadlineSeconds: 600,
      replicas,
      revisionHistoryLimit: 10,
      selector,
      strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: o.maxUnavailable ?? '25%' }, type: 'RollingUpdate' },
      template,
    },
    status: {
      availableReplicas: replicas,
      conditions: [
        { lastTransitionTime: t, lastUpdateTime: t, message: 'Deployment has minimum availability.', reason: 'MinimumReplicasAvailable', status: 'True', type: 'Available' },
        { lastTransitionTime: isoTime(o.createdAt), lastUpdateTime: t, message: `ReplicaSet "${rsName}" has successfully progressed.`, reason: 'NewReplicaSetAvailable', status: 'True', type: 'Progressing' },
      ],
      observedGeneration: 1,
      readyReplicas: replicas,
      replicas,
      updatedReplicas: replicas,
    },
  }, o.createdAt);
  const rsTemplate = clone(template);
  rsTemplate.metadata.labels = { ...rsTemplate.metadata.labels, 'pod-template-hash': o.hash };
  const rsCreated = o.createdAt + 100;
  const maxSurge = Math.ceil(replicas * 0.25);
  const rs = put(cluster, 'replicasets.apps', {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(replicas),
        'deployment.kubernetes.io/max-replicas': String(replicas + maxSurge),
        'deployment.kubernetes.io/revision': '1',
      },
      generation: 1,
      labels: { ...rsTemplate.metadata.labels },
      name: rsName,
      namespace: o.namespace,
      ownerReferences: [controllerRef(deploy)],
    },
    spec: { replicas, selector: { matchLabels: { ...rsTemplate.metadata.labels } }, template: rsTemplate },
    status: { availableReplicas: replicas, fullyLabeledReplicas: replicas, observedGeneration: 1, readyReplicas: replicas, replicas },
  }, rsCreated);
  for (const p of o.placements) {
    const pod = buildRunningPod(
      {
        name: `${rsName}-${cluster.random.suffix(5)}`,
        namespace: o.namespace,
        labels: { ...rsTemplate.metadata.labels },
        ownerReferences: [controllerRef(rs)],
        spec: rsTemplate.spec,
        nodeName: p.node.metadata.name!,
        hostIP: nodeIP(p.node),
        podIP: p.podIP,
        createdAt: rsCreated,
        readyAt: rsCreated + 15_000,
      },
      cluster.random,
    );
    put(cluster, 'pods', pod, rsCreated);
  }
}

/** A system DaemonSet to write, one Ready pod per node. */
export interface DaemonSetOptions {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  template: Obj;
  nodes: KubeObject[];
  createdAt: number;
  /** Node creation time + this = the daemon pod's creation. */
  podDelay?: number;
}

/** Encoded hash shape (`7d6c8b8b9d`), as the revision hash alphabet gives. */
function revisionHash(cluster: Cluster): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += '456789bcdf'[cluster.random.int(0, 9)];
  return s;
}

/** A DaemonSet with one Running, Ready pod on every node in `nodes`. */
export function writeDaemonSet(cluster: Cluster, o: DaemonSetOptions): void {
  const template = clone(o.template);
  defaultPodTemplate(template);
  const n = o.nodes.length;
  const hash = revisionHash(cluster);
  const ds = put(cluster, 'daemonsets.apps', {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { annotations: { 'deprecated.daemonset.template.generation': '1' }, generation: 1, labels: o.labels, name: o.name, namespace: o.namespace },
    spec: {
      revisionHistoryLimit: 10,
      selector: { matchLabels: { ...template.metadata.labels } },
      template,
      updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' },
    },
    status: {
      currentNumberScheduled: n,
      desiredNumberScheduled: n,
      numberAvailable: n,
      numberMisscheduled: 0,
      numberReady: n,
      observedGeneration: 1,
      updatedNumberScheduled: n,
    },
  }, o.createdAt);
  const crTemplate = clone(template);
  crTemplate.$patch = 'replace';
  put(cluster, 'controllerrevisions.apps', {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { labels: { ...template.metadata.labels, 'controller-revision-hash': hash }, name: `${o.name}-${hash}`, namespace: o.namespace, ownerReferences: [controllerRef(ds)] },
    data: { spec: { template: crTemplate } },
    revision: 1,
  }, o.createdAt);
  for (const node of o.nodes) {
    const spec = clone(template.spec);
    spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node.metadata.name] }] }],
        },
      },
    };
    spec.tolerations = [...(spec.tolerations ?? []), ...daemonTolerations(spec.hostNetwork === true)];
    const created = Math.max(o.createdAt, Date.parse(node.metadata.creationTimestamp!)) + (o.podDelay ?? 3000);
    const ip = nodeIP(node);
    const pod = buildRunningPod(
      {
        name: `${o.name}-${cluster.random.suffix(5)}`,
        namespace: o.namespace,
        labels: { ...template.metadata.labels, 'controller-revision-hash': hash, 'pod-template-generation': '1' },
        ownerReferences: [controllerRef(ds)],
        spec,
        nodeName: node.metadata.name!,
        hostIP: ip,
        podIP: ip,
        createdAt: created,
        readyAt: created + 6000,
      },
      cluster.random,
    );
    put(cluster, 'pods', pod, created);
  }
}

/** A mirror pod `<component>-<node>` for a static pod manifest, owned by its Node. */
export function writeStaticPod(cluster: Cluster, m: StaticPodManifest, node: KubeObject, createdAt: number): void {
  const hash = cluster.random.hex(32);
  const ip = nodeIP(node);
  const pod = buildRunningPod(
    {
      name: `${m.component}-${node.metadata.name}`,
      namespace: 'kube-system',
      annotations: {
        ...m.annotations,
        'kubernetes.io/config.hash': hash,
        'kubernetes.io/config.mirror': hash,
        'kubernetes.io/config.seen': isoTime(createdAt - 20_000).replace('Z', '.000000000Z'),
        'kubernetes.io/config.source': 'file',
      },
      labels: { component: m.component, tier: 'control-plane' },
      ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: node.metadata.name!, uid: node.metadata.uid! }],
      spec: staticPodSpec(m),
      nodeName: node.metadata.name!,
      hostIP: ip,
      podIP: ip,
      createdAt,
      readyAt: createdAt + 2000,
      staticPod: true,
    },
    cluster.random,
  );
  put(cluster, 'pods', pod, createdAt);
}
