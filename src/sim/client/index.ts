/**
 * The simulator's REST-shaped client: what kubectl (the whole client) and exercise checks
 * (the read half plus the network probes) reach the cluster through.
 */
import type { Cluster } from '../cluster.ts';
import { createProbes, type ClusterProbes } from './probes.ts';
import { createReadClient } from './read.ts';
import type { ReadClient } from './types.ts';

export { createClient, applyPatch, KIND_ADMIN, type KubeClient } from './client.ts';
export type { Credentials } from './authenticated.ts';
export { createReadClient, selectionFilter } from './read.ts';
export { createProbes, type ClusterProbes } from './probes.ts';
export { DISCOVERY } from './discovery.ts';
export { scaleOf, type Subresources } from './subresources.ts';
export type * from './types.ts';

/** What an exercise check reads: the cluster's objects and logs, and its network seen from inside. */
export interface ClusterReader extends ReadClient {
  readonly probes: ClusterProbes;
}

/** The read-only view of `cluster` exercise checks get. */
export function createClusterReader(cluster: Cluster): ClusterReader {
  return { ...createReadClient(cluster), probes: createProbes(cluster) };
}
