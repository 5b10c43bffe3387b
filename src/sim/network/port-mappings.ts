/**
 * The ports kind publishes on the host for a cluster (`extraPortMappings` in kind's cluster
 * config), recorded when the cluster is built and read by the host's requests (host.ts).
 */
import type { Cluster } from '../cluster.ts';

/** One of kind's `extraPortMappings`: host port `hostPort` forwarded to `containerPort` of `node`. */
export interface PortMapping {
  node: string;
  containerPort: number;
  hostPort: number;
}

const MAPPINGS = 'kind-port-mappings';

/** The port mappings the cluster was created with (none for kind's default config). */
export function portMappings(cluster: Cluster): PortMapping[] {
  return (cluster.extensions.get(MAPPINGS) as PortMapping[] | undefined) ?? [];
}

/** Records the port mappings of the cluster's kind config (presets call it while building the nodes). */
export function setPortMappings(cluster: Cluster, mappings: PortMapping[]): void {
  cluster.extensions.set(MAPPINGS, mappings);
}
