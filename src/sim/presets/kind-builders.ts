/**
 * Builders for the objects a freshly created cluster holds: nodes, namespaces with their
 * default ServiceAccount and root CA ConfigMap, Services, running system Pods and their
 * owners. Presets write them straight into the store (no admission), so every builder fills
 * in what the API server and controllers would have written.
 */
import { isoTime, type KubeObject, type OwnerReference } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { SERVER_VERSION } from '../cluster.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** kind's node image facts for v1.32.6. */
export const NODE_INFO = {
  kubeletVersion: SERVER_VERSION,
  containerRuntimeVersion: 'containerd://2.0.3',
  osImage: 'Debian GNU/Linux 12 (bookworm)',
  kernelVersion: '6.8.0-50-generic',
  architecture: 'amd64',
  operatingSystem: 'linux',
};

/** The self-signed cluster CA every `kube-root-ca.crt` ConfigMap carries (shortened). */
export const ROOT_CA_CRT =
  '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIUq7NRdKFxVwwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE\nAxMKa3ViZXJuZXRlczAeFw0yNjExMzAwMjQ5MzhaFw0zNjExMjgwMjU0MzhaMBUx\nEzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK\n-----END CERTIFICATE-----\n';

/** Writes an object with a fresh uid and the given creation time; returns the stored object. */
export function put(cluster: Cluster, resource: string, obj: KubeObject, createdAt: number): KubeObject {
  obj.metadata.uid = cluster.random.uuid();
  obj.metadata.creationTimestamp = isoTime(createdAt);
  return cluster.store.put(resource, obj);
}

/** An owner reference pointing at `owner` as its controller. */
export function controllerRef(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name!,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** What distinguishes one kind node from another. */
export interface NodeOptions {
  name: string;
  controlPlane: boolean;
  /** A control plane without the NoSchedule taint (single-node clusters run workloads there). */
  untainted?: boolean;
  /** 172.18.0.x address. */
  internalIP: string;
  podCIDR: string;
  createdAt: number;
  cpu?: string;
  memory?: string;
  pods?: string;
  ephemeralStorage?: string;
  /** Cluster name in the provider ID (`kind://docker/<cluster>/<node>`). */
  clusterName?: string;
}

function condition(type: string, status: string, reason: string, message: string, at: string): Obj {
  return { lastHeartbeatTime: at, lastTransitionTime: at, message, reason, status, type };
}

/** A Ready kind node (labels, control-plane taint, capacity, conditions, nodeInfo). */
export function buildNode(o: NodeOptions, uuid: () => string): KubeObject {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': o.name,
    'kubernetes.io/os': 'linux',
  };
  if (o.controlPlane) {
    labels['node-role.kubernetes.io/control-plane'] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  const at = isoTime(o.createdAt + 12_000);
  const resources = {
    cpu: o.cpu ?? '8',
    'ephemeral-storage': o.ephemeralStorage ?? '102625208Ki',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: o.memory ?? '16369404Ki',
    pods: o.pods ?? '110',
  };
  const spec: Obj = {
    podCIDR: o.podCIDR,
    podCIDRs: [o.podCIDR],
    providerID: `kind://docker/${o.clusterName ?? 'kind'}/${o.name}`,
  };
  if (o.controlPlane && !o.untainted) spec.taints = [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }];
  const zeros = (n: number): string => '0'.repeat(n);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      labels,
      name: o.name,
    },
    spec,
    status: {
      addresses: [
        { address: o.internalIP, type: 'InternalIP' },
        { address: o.name, type: 'Hostname' },
      ],
      allocatable: { ...resources },
      capacity: { ...resources },
      conditions: [
        condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available', at),
        condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', at),
        condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', at),
        condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', isoTime(o.createdAt + 20_000)),
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: NODE_INFO.architecture,
        bootID: uuid(),
        containerRuntimeVersion: NODE_INFO.containerRuntimeVersion,
        kernelVersion: NODE_INFO.kernelVersion,
        kubeProxyVersion: '',
        kubeletVersion: NODE_INFO.kubeletVersion,
        machineID: zeros(32),
        operatingSystem: NODE_INFO.operatingSystem,
        osImage: NODE_INFO.osImage,
        systemUUID: uuid(),
      },
    },
  };
}

/** A Namespace as the server stores it (label, finalizer, Active). */
export function buildNamespace(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { labels: { 'kubernetes.io/metadata.name': name }, name },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/** A ServiceAccount (1.24+: no token secrets). */
export function buildServiceAccount(namespace: string, name = 'default'): KubeObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } };
}

/** The `kube-root-ca.crt` ConfigMap the root-CA publisher puts in every namespace. */
export function buildRootCAConfigMap(namespace: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      annotations: { 'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.' },
      name: 'kube-root-ca.crt',
      namespace,
    },
    data: { 'ca.crt': ROOT_CA_CRT },
  };
}

/** A ConfigMap with string data. */
export function buildConfigMap(namespace: string, name: string, data: Record<string, string>, labels?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, ...(labels ? { labels } : {}) }, data };
}

/** A Service port before defaulting (protocol TCP, targetPort = port). */
export interface ServicePortSpec {
  name?: string;
  port: number;
  protocol?: string;
  targetPort?: number | string;
}

/** A ClusterIP Service with a fixed address, defaulted as the server stores it. */
export function buildClusterIPService(
  namespace: string,
  name: string,
  clusterIP: string,
  ports: ServicePortSpec[],
  selector?: Record<string, string>,
  labels?: Record<string, string>,
  annotations?: Record<string, string>,
): KubeObject {
  const spec: Obj = {
    clusterIP,
    clusterIPs: [clusterIP],
    internalTrafficPolicy: 'Cluster',
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    ports: ports.map((p) => ({ ...(p.name ? { name: p.name } : {}), port: p.port, protocol: p.protocol ?? 'TCP', targetPort: p.targetPort ?? p.port })),
  };
  if (selector) spec.selector = selector;
  spec.sessionAffinity = 'None';
  spec.type = 'ClusterIP';
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { ...(annotations ? { annotations } : {}), ...(labels ? { labels } : {}), name, namespace },
    spec,
    status: { loadBalancer: {} },
  };
}
