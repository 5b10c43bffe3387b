/**
 * What the ingress-nginx controller Pods run inside the cluster, loaded with the first such Pod:
 * the status and event bookkeeping on Ingresses, the admission webhook's verdicts, and the
 * exercise checks' look at where a request would end.
 */
export { ingressStatusController } from './status-sync.ts';
export { validateIngress } from './admission-webhook.ts';
export { probeIngress } from './probe.ts';
