/**
 * The cluster's network as one module that loads on first use (network-code-part.ts): what a
 * request or a lookup meets (kube-proxy's Service routing, cluster DNS, the host's routes, the
 * public web). Nothing in a cluster's start needs it; it runs only once something connects.
 */
export { podRequest, probeFromCluster, requestIP } from './connect.ts';
export { dnsQuery, dnsServing } from './dns.ts';
export { hostProbe, hostRequest } from './host.ts';
export { publicAddress } from './public-web.ts';
export { readyBackends } from './service-backend.ts';
