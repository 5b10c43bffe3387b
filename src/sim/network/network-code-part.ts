/**
 * The cluster's network code (network-code.ts) as a part that loads on first use. Whatever
 * first makes a connection or a lookup brings it: the containers' code (a container's curl,
 * wget, nslookup or ping; it ships with it), the host's HTTP clients, `kubectl port-forward`
 * and the exercise checks' probes, each before anything of theirs runs, while cluster time
 * holds. Requests that come from a request already made (the Ingress controller proxying one)
 * find it there.
 */
import type { Cluster } from '../cluster.ts';
import { codePart } from '../deferred/code-part.ts';
import { containerCode } from '../kubelet/container-code-part.ts';

/** The part: connections, DNS answers and the host's routes. */
export const NETWORK_CODE = codePart('cluster-network', () => import('./network-code.ts'));

/** What the part's module exports. */
export type NetworkCode = Awaited<ReturnType<typeof NETWORK_CODE.load>>;

/** The network code if this cluster has it (on its own or with the containers' code). */
export function networkCode(cluster: Cluster): NetworkCode | undefined {
  return cluster.code.loaded(NETWORK_CODE) ?? containerCode(cluster)?.network;
}

/** The network code, for a caller that runs only after something loaded it; throws otherwise. */
export function requireNetworkCode(cluster: Cluster): NetworkCode {
  const code = networkCode(cluster);
  if (!code) throw new Error("the simulator's network code has not loaded yet");
  return code;
}

/**
 * Loads the network code for `cluster` (cluster time holds meanwhile); undefined at once when it
 * is there. Rejects when it cannot be fetched; a later call tries again.
 */
export function prepareNetworkCode(cluster: Cluster): Promise<void> | undefined {
  if (networkCode(cluster)) return undefined;
  return cluster.code.load(NETWORK_CODE).then(() => undefined);
}
