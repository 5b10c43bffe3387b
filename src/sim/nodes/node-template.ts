/**
 * A kind worker node as the API holds it (shape of `kubectl get node kind-worker -o yaml` on a
 * kind v1.32 cluster): labels, kubeadm annotations, podCIDR, addresses, capacity, conditions
 * and nodeInfo. Used when a node is added at runtime and by tests that build small clusters.
 */
import { isoTime, type KubeObject } from '../api/types.ts';
import { allocatableFor, type KubeletReservation } from './allocatable.ts';

export interface NodeOptions {
  /** InternalIP, e.g. `172.18.0.5`. */
  ip: string;
  /** e.g. `10.244.3.0/24`. */
  podCIDR: string;
  cpu?: string;
  memory?: string;
  pods?: string;
  /** Extended resources the node advertises, e.g. `{ 'nvidia.com/gpu': '1' }` (device plugins). */
  extended?: Record<string, string>;
  labels?: Record<string, string>;
  taints?: { key: string; value?: string; effect: string }[];
  controlPlane?: boolean;
  /** What the node's kubelet keeps back from Pods; default: kind's kubelet (nothing). */
  reservation?: KubeletReservation;
}

export const NODE_CONDITIONS = [
  ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
  ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
  ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
  ['Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'],
] as const;

/** Builds a Ready node object (without uid/resourceVersion: the caller stores it). */
export function nodeObject(name: string, opts: NodeOptions, now: number): KubeObject {
  const t = isoTime(now);
  const base: Record<string, string> = {
    cpu: opts.cpu ?? '8',
    'ephemeral-storage': '102625208Ki',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: opts.memory ?? '16369404Ki',
    pods: opts.pods ?? '110',
  };
  // The API server returns resource lists with sorted keys (Go maps encode sorted).
  const all: Record<string, string> = { ...base, ...opts.extended };
  const resources: Record<string, string> = {};
  for (const k of Object.keys(all).sort()) resources[k] = all[k]!;
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
    ...(opts.controlPlane
      ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' }
      : {}),
    ...opts.labels,
  };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      creationTimestamp: t,
    },
    spec: {
      podCIDR: opts.podCIDR,
      podCIDRs: [opts.podCIDR],
      providerID: `kind://docker/kind/${name}`,
      ...(opts.taints?.length ? { taints: opts.taints } : {}),
    },
    status: {
      addresses: [
        { address: opts.ip, type: 'InternalIP' },
        { address: name, type: 'Hostname' },
      ],
      allocatable: allocatableFor(resources, opts.reservation),
      capacity: { ...resources },
      conditions: NODE_CONDITIONS.map(([type, status, reason, message]) => ({
        type,
        status,
        reason,
        message,
        lastHeartbeatTime: t,
        lastTransitionTime: t,
      })),
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: 'amd64',
        bootID: '00000000-0000-0000-0000-000000000000',
        containerRuntimeVersion: 'containerd://2.0.3',
        kernelVersion: '6.8.0-50-generic',
        kubeProxyVersion: 'v1.32.6',
        kubeletVersion: 'v1.32.6',
        machineID: '00000000000000000000000000000000',
        operatingSystem: 'linux',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        systemUUID: '00000000-0000-0000-0000-000000000000',
      },
    },
  };
}

/** The node's InternalIP, if it has one. */
export function nodeInternalIP(node: KubeObject): string | undefined {
  return (node.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address;
}
