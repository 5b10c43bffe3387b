/**
 * The `kind-ingress` preset: a kind cluster created with kind's ingress configuration (the
 * control-plane node labelled `ingress-ready=true`, host ports 80 and 443 mapped to it), ready
 * for the ingress-nginx manifest kind's documentation applies.
 */
import type { Cluster } from '../cluster.ts';
import { setPortMappings } from '../network/port-mappings.ts';
import { buildKindCluster, KIND_NODES } from './kind.ts';

/** Builds the `kind-ingress` cluster. */
export function buildKindIngressCluster(cluster: Cluster): void {
  buildKindCluster(cluster, { nodes: KIND_NODES });
  const cp = cluster.store.get('nodes', '', KIND_NODES[0]!.name);
  if (cp) cluster.store.put('nodes', { ...cp, metadata: { ...cp.metadata, labels: { ...cp.metadata.labels, 'ingress-ready': 'true' } } });
  // kind's ingress config: `extraPortMappings` 80 and 443 of the host to the control-plane node.
  setPortMappings(cluster, [80, 443].map((port) => ({ node: KIND_NODES[0]!.name, containerPort: port, hostPort: port })));
}
