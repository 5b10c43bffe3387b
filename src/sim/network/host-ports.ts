/**
 * Host ports: a container port with `hostPort` set is reachable at its node's address on that
 * port (the CNI portmap plugin DNATs it to the Pod), whatever Service exists. ingress-nginx's
 * kind manifest runs its controller this way on ports 80 and 443.
 */
import type { Cluster } from '../cluster.ts';
import type { Kubelet } from '../kubelet/kubelet.ts';
import type { PodRuntime } from '../kubelet/runtime.ts';

type ContainerPort = { containerPort?: number; hostPort?: number; hostIP?: string; protocol?: string };

/** The name of the node whose InternalIP is `ip`. */
export function nodeNameByIP(cluster: Cluster, ip: string): string | undefined {
  const node = cluster.store
    .list('nodes')
    .find((n) => (n.status?.addresses ?? []).some((a: { type: string; address: string }) => a.type === 'InternalIP' && a.address === ip));
  return node?.metadata.name;
}

/** The running Pod on the node at `nodeIP` that holds TCP host port `port`, and the container port it maps to. */
export function hostPortTarget(cluster: Cluster, nodeIP: string, port: number): { pod: PodRuntime; containerPort: number } | undefined {
  const node = nodeNameByIP(cluster, nodeIP);
  const kubelet = node ? (cluster.extensions.get('kubelets') as Map<string, Kubelet> | undefined)?.get(node) : undefined;
  if (!node || !kubelet) return undefined;
  for (const pod of cluster.store.list('pods')) {
    if (pod.spec?.nodeName !== node || pod.spec?.hostNetwork) continue;
    for (const c of (pod.spec?.containers ?? []) as { ports?: ContainerPort[] }[]) {
      for (const p of c.ports ?? []) {
        if (p.hostPort !== port || (p.protocol ?? 'TCP') !== 'TCP' || p.containerPort === undefined) continue;
        if (p.hostIP && p.hostIP !== '0.0.0.0' && p.hostIP !== nodeIP) continue;
        const rt = kubelet.runtime(pod.metadata.namespace ?? '', pod.metadata.name ?? '');
        if (rt?.sandboxReady && rt.uid === pod.metadata.uid) return { pod: rt, containerPort: p.containerPort };
      }
    }
  }
  return undefined;
}
