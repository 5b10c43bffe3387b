/**
 * What an exercise check may look at beyond the API: what a request from inside the cluster,
 * from the host or through the Ingress controller would meet, and what cluster DNS answers.
 * Nothing is sent and nothing changes: these are the reads a learner makes with `curl` or
 * `nslookup` from a Pod, made without a Pod.
 */
import type { Cluster } from '../cluster.ts';
import type { DnsType } from '../network/dns.ts';
import { prepareNetworkCode, requireNetworkCode } from '../network/network-code-part.ts';
import { probeIngress } from '../addons/ingress-nginx/register.ts';
import type { KubeObject } from '../api/types.ts';

/** The network reads of one cluster. */
export function createProbes(cluster: Cluster) {
  return {
    /** Loads the network code the reads below need (undefined when it is there); checks await it first. */
    prepare: () => prepareNetworkCode(cluster),
    /** A request from a Pod in `namespace` to `host:port` (a name resolved by cluster DNS, or an IP). */
    fromPod: (namespace: string, host: string, port: number) => requireNetworkCode(cluster).probeFromCluster(cluster, namespace, host, port),
    /** A request from the host machine to a node's `ip:port`. */
    fromHost: (ip: string, port: number) => requireNetworkCode(cluster).hostProbe(cluster, ip, port),
    /** What cluster DNS answers for `name`. */
    dns: (name: string, type: DnsType) => requireNetworkCode(cluster).dnsQuery(cluster, name, type),
    /** The ready endpoints behind port `port` of Service `svc`. */
    serviceBackends: (svc: KubeObject, port: number) => requireNetworkCode(cluster).readyBackends(cluster, svc, port),
    /** What a request to the Ingress controller for `host` and `path` would meet. */
    ingress: (host: string, path: string, https = false) => probeIngress(cluster, host, path, https),
  };
}

/** The network reads of a cluster (see `createProbes`). */
export type ClusterProbes = ReturnType<typeof createProbes>;
