/**
 * What the ingress-nginx controller Pods run inside the cluster, loaded with the first such Pod:
 * the status and event bookkeeping on Ingresses, and the admission webhook's verdicts.
 */
export { ingressStatusController } from './status-sync.ts';
export { validateIngress } from './admission-webhook.ts';
