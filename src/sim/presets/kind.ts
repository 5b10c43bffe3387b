/**
 * The default `kind` preset: a three-node kind cluster of Kubernetes v1.32.6 that came up a
 * few minutes before the session starts (kind-control-plane, kind-worker, kind-worker2), with
 * the namespaces, ServiceAccounts, ConfigMaps, Services, system Pods and their owners such a
 * cluster holds. `buildKindCluster` takes the node list so other presets can reuse it.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import {
  buildClusterIPService,
  buildConfigMap,
  buildNamespace,
  buildNode,
  buildRootCAConfigMap,
  buildServiceAccount,
  put,
} from './kind-builders.ts';
import { corednsTemplate, controlPlaneManifests, kindnetTemplate, kubeProxyTemplate, localPathTemplate } from './kind-templates.ts';
import { writeDaemonSet, writeDeployment, writeStaticPod } from './kind-workloads.ts';
import { writeClusterExtras, KUBE_SYSTEM_SERVICE_ACCOUNTS } from './kind-extras.ts';
import { reserveBootstrapPolicy } from '../auth/bootstrap-policy.ts';
import { writeComponentStatuses, writeNodeEvents, writeWorkloadEvents } from './kind-events.ts';

/** One node of a kind cluster. */
export interface KindNodeSpec {
  name: string;
  controlPlane: boolean;
  /** Leave the control plane schedulable (single-node presets). */
  untainted?: boolean;
}

/** The shape of a kind-like cluster to build. */
export interface KindClusterOptions {
  /** First node must be the control plane. */
  nodes: KindNodeSpec[];
  /** How long before the session start the cluster was created (ms). Default 5 minutes. */
  ageMs?: number;
  clusterName?: string;
}

/** The default preset's nodes: one control plane, two workers. */
export const KIND_NODES: KindNodeSpec[] = [
  { name: 'kind-control-plane', controlPlane: true },
  { name: 'kind-worker', controlPlane: false },
  { name: 'kind-worker2', controlPlane: false },
];

/** Namespaces of a fresh kind cluster. */
export const SYSTEM_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage'];

/** Writes a complete, settled kind cluster into `cluster.store`. */
export function buildKindCluster(cluster: Cluster, opts: KindClusterOptions): void {
  const t0 = cluster.clock.now() - (opts.ageMs ?? 5 * 60_000);
  for (const ns of SYSTEM_NAMESPACES) {
    put(cluster, 'namespaces', buildNamespace(ns), ns === 'local-path-storage' ? t0 + 16_000 : t0);
  }
  const nodes: KubeObject[] = opts.nodes.map((n, i) =>
    put(
      cluster,
      'nodes',
      buildNode(
        {
          name: n.name,
          controlPlane: n.controlPlane,
          untainted: n.untainted,
          internalIP: `172.18.0.${i + 2}`,
          podCIDR: `10.244.${i}.0/24`,
          createdAt: t0 + (i === 0 ? 3000 : 20_000),
          clusterName: opts.clusterName,
        },
        () => cluster.random.uuid(),
      ),
      t0 + (i === 0 ? 3000 : 20_000),
    ),
  );
  const cp = nodes[0]!;
  const cpIP = `172.18.0.2`;

  for (const ns of SYSTEM_NAMESPACES) {
    const at = ns === 'local-path-storage' ? t0 + 16_500 : t0 + 14_000;
    put(cluster, 'serviceaccounts', buildServiceAccount(ns), at);
    put(cluster, 'configmaps', buildRootCAConfigMap(ns), at);
  }
  for (const sa of KUBE_SYSTEM_SERVICE_ACCOUNTS) put(cluster, 'serviceaccounts', buildServiceAccount('kube-system', sa), t0 + 14_000);
  put(cluster, 'serviceaccounts', buildServiceAccount('local-path-storage', 'local-path-provisioner-service-account'), t0 + 16_500);

  put(
    cluster,
    'services',
    buildClusterIPService('default', 'kubernetes', '10.96.0.1', [{ name: 'https', port: 443, targetPort: 6443 }], undefined, {
      component: 'apiserver',
      provider: 'kubernetes',
    }),
    t0 + 500,
  );
  put(
    cluster,
    'services',
    buildClusterIPService(
      'kube-system',
      'kube-dns',
      '10.96.0.10',
      [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      { 'k8s-app': 'kube-dns' },
      { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
    ),
    t0 + 15_000,
  );

  for (const m of controlPlaneManifests(cpIP)) writeStaticPod(cluster, m, cp, t0 + 10_000);

  // kind schedules CoreDNS and the provisioner on the control plane: workers join later.
  writeDeployment(cluster, {
    namespace: 'kube-system',
    name: 'coredns',
    labels: { 'k8s-app': 'kube-dns' },
    template: corednsTemplate(),
    hash: '668d6bf9bc',
    placements: [
      { node: cp, podIP: '10.244.0.2' },
      { node: cp, podIP: '10.244.0.3' },
    ],
    createdAt: t0 + 15_000,
    maxUnavailable: 1,
  });
  writeDeployment(cluster, {
    namespace: 'local-path-storage',
    name: 'local-path-provisioner',
    labels: {},
    template: localPathTemplate(),
    hash: '7dc846544d',
    placements: [{ node: cp, podIP: '10.244.0.4' }],
    createdAt: t0 + 17_000,
  });
  writeDaemonSet(cluster, { namespace: 'kube-system', name: 'kube-proxy', labels: { 'k8s-app': 'kube-proxy' }, template: kubeProxyTemplate(), nodes, createdAt: t0 + 15_000 });
  writeDaemonSet(cluster, {
    namespace: 'kube-system',
    name: 'kindnet',
    labels: { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' },
    template: kindnetTemplate(cp.metadata.name!),
    nodes,
    createdAt: t0 + 16_000,
  });

  writeClusterExtras(cluster, { t0, nodes, controlPlaneIP: cpIP });
  put(cluster, 'configmaps', buildConfigMap('kube-system', 'coredns', { Corefile: COREFILE }), t0 + 15_000);
  writeNodeEvents(cluster, nodes);
  writeWorkloadEvents(cluster);
  writeComponentStatuses(cluster);
  // Roles and bindings of the API server, kubeadm and kind: written when first asked for.
  reserveBootstrapPolicy(cluster, t0);
}

const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;
