/**
 * The rest of a fresh kind cluster: kube-system ConfigMaps, the controller ServiceAccounts,
 * Endpoints and EndpointSlices of `kubernetes` and `kube-dns`, node Leases, the built-in
 * PriorityClasses and the default `standard` StorageClass.
 */
import { type KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { buildConfigMap, put, ROOT_CA_CRT } from './kind-builders.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** ServiceAccounts kube-controller-manager (and the addons) create in kube-system. */
export const KUBE_SYSTEM_SERVICE_ACCOUNTS = [
  'attachdetach-controller',
  'bootstrap-signer',
  'certificate-controller',
  'clusterrole-aggregation-controller',
  'coredns',
  'cronjob-controller',
  'daemon-set-controller',
  'deployment-controller',
  'disruption-controller',
  'endpoint-controller',
  'endpointslice-controller',
  'endpointslicemirroring-controller',
  'ephemeral-volume-controller',
  'expand-controller',
  'generic-garbage-collector',
  'horizontal-pod-autoscaler',
  'job-controller',
  'kindnet',
  'kube-proxy',
  'legacy-service-account-token-cleaner',
  'namespace-controller',
  'node-controller',
  'persistent-volume-binder',
  'pod-garbage-collector',
  'pv-protection-controller',
  'pvc-protection-controller',
  'replicaset-controller',
  'replication-controller',
  'resourcequota-controller',
  'root-ca-cert-publisher',
  'service-account-controller',
  'service-cidrs-controller',
  'statefulset-controller',
  'token-cleaner',
  'ttl-after-finished-controller',
  'ttl-controller',
  'validatingadmissionpolicy-status-controller',
];

/** Creation time of the cluster, its nodes and the API server address. */
export interface ExtrasOptions {
  t0: number;
  nodes: KubeObject[];
  controlPlaneIP: string;
}

function podsOf(cluster: Cluster, ns: string, label: string, value: string): KubeObject[] {
  return cluster.store.list('pods', ns).filter((p) => p.metadata.labels?.[label] === value);
}

/** Writes the remaining objects of a fresh kind cluster. */
export function writeClusterExtras(cluster: Cluster, o: ExtrasOptions): void {
  const { t0 } = o;
  const cm = (ns: string, name: string, data: Record<string, string>, at: number): void => {
    put(cluster, 'configmaps', buildConfigMap(ns, name, data), at);
  };
  cm('kube-system', 'extension-apiserver-authentication', { 'client-ca-file': ROOT_CA_CRT }, t0);
  cm('kube-system', 'kube-apiserver-legacy-service-account-token-tracking', { since: new Date(t0).toISOString().slice(0, 10) }, t0);
  cm('kube-system', 'kube-proxy', { 'config.conf': 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/16\nmode: iptables\n', 'kubeconfig.conf': 'apiVersion: v1\nkind: Config\n' }, t0 + 15_000);
  cm('kube-system', 'kubeadm-config', { ClusterConfiguration: 'apiVersion: kubeadm.k8s.io/v1beta4\nclusterName: kind\nkind: ClusterConfiguration\nkubernetesVersion: v1.32.6\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/16\n' }, t0 + 12_000);
  cm('kube-system', 'kubelet-config', { kubelet: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\nclusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\n' }, t0 + 12_000);
  cm('kube-public', 'cluster-info', { kubeconfig: `apiVersion: v1\nclusters:\n- cluster:\n    server: https://kind-control-plane:6443\n  name: ""\nkind: Config\n` }, t0 + 13_000);
  cm('local-path-storage', 'local-path-config', {
    'config.json': '{\n        "nodePathMap":[\n        {\n                "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",\n                "paths":["/var/local-path-provisioner"]\n        }\n        ]\n}',
    'helperPod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  containers:\n  - name: helper-pod\n    image: docker.io/kindest/local-path-helper:v20241212-8ac705d0\n',
    setup: '#!/bin/sh\nset -eu\nmkdir -m 0777 -p "$VOL_DIR"',
    teardown: '#!/bin/sh\nset -eu\nrm -rf "$VOL_DIR"',
  }, t0 + 16_000);

  // Endpoints and EndpointSlices of the two built-in Services.
  put(cluster, 'endpoints', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' }, name: 'kubernetes', namespace: 'default' },
    subsets: [{ addresses: [{ ip: o.controlPlaneIP }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  }, t0 + 500);
  put(cluster, 'endpointslices.discovery.k8s.io', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { labels: { 'kubernetes.io/service-name': 'kubernetes' }, name: 'kubernetes', namespace: 'default' },
    addressType: 'IPv4',
    endpoints: [{ addresses: [o.controlPlaneIP], conditions: { ready: true } }],
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  }, t0 + 500);
  const dnsPods = podsOf(cluster, 'kube-system', 'k8s-app', 'kube-dns');
  const dnsPorts = [
    { name: 'dns-tcp', port: 53, protocol: 'TCP' },
    { name: 'dns', port: 53, protocol: 'UDP' },
    { name: 'metrics', port: 9153, protocol: 'TCP' },
  ];
  const target = (p: KubeObject): Obj => ({ kind: 'Pod', name: p.metadata.name, namespace: 'kube-system', uid: p.metadata.uid });
  put(cluster, 'endpoints', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: {
      annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': new Date(t0 + 31_000).toISOString().replace(/\.\d+Z$/, 'Z') },
      labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      name: 'kube-dns',
      namespace: 'kube-system',
    },
    subsets: [
      {
        // Sorted by IP, as the endpoints controller repacks subsets.
        addresses: [...dnsPods].sort((a, b) => (a.status.podIP < b.status.podIP ? -1 : 1)).map((p) => ({ ip: p.status.podIP, nodeName: p.spec.nodeName, targetRef: target(p) })),
        ports: dnsPorts,
      },
    ],
  }, t0 + 15_000);
  put(cluster, 'endpointslices.discovery.k8s.io', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: 'kube-dns-',
      labels: { 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS', 'kubernetes.io/service-name': 'kube-dns' },
      name: `kube-dns-${cluster.random.suffix(5)}`,
      namespace: 'kube-system',
    },
    addressType: 'IPv4',
    endpoints: dnsPods.map((p) => ({ addresses: [p.status.podIP], conditions: { ready: true, serving: true, terminating: false }, nodeName: p.spec.nodeName, targetRef: target(p) })),
    ports: dnsPorts,
  }, t0 + 15_000);

  for (const node of o.nodes) {
    put(cluster, 'leases.coordination.k8s.io', {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: node.metadata.name, namespace: 'kube-node-lease', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name!, uid: node.metadata.uid! }] },
      spec: { holderIdentity: node.metadata.name, leaseDurationSeconds: 40, renewTime: new Date(cluster.clock.now() - 5000).toISOString().replace('Z', '000Z') },
    }, Date.parse(node.metadata.creationTimestamp!) + 1000);
  }

  for (const [name, value, desc] of [
    ['system-cluster-critical', 2000000000, 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.'],
    ['system-node-critical', 2000001000, 'Used for system critical pods that must not be moved from their current node.'],
  ] as const) {
    put(cluster, 'priorityclasses.scheduling.k8s.io', {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name },
      description: desc,
      preemptionPolicy: 'PreemptLowerPriority',
      value,
    }, t0);
  }

  put(cluster, 'storageclasses.storage.k8s.io', {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' }, name: 'standard' },
    provisioner: 'rancher.io/local-path',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  }, t0 + 16_000);
}
