/**
 * A read-only look at what a request through the Ingress controller would meet, for exercise
 * checks: which response the controller itself gives (redirect, 404, 503, 502) or which
 * Service and Pods it reaches. Nothing is sent and nothing is logged, so a check can run it
 * as often as it likes without changing the cluster.
 */
import type { Cluster } from '../../cluster.ts';
import { podListens, serviceEndpoints } from './backends.ts';
import { readyControllerPods, servedIngresses } from './classes.ts';
import { route } from './routing.ts';

/** Where a request would end. `reached`: a Pod of `service` listens on the endpoint port. */
export type IngressProbe =
  | { outcome: 'no-controller' }
  | { outcome: 'redirect' | 'not-found' }
  | { outcome: 'no-service' | 'no-endpoints' | 'refused'; service: string }
  | { outcome: 'reached'; service: string; namespace: string; pods: string[] };

/** What `curl -H 'Host: HOST' http://<controller>/PATH` (or https) would meet now. */
export function probeIngress(cluster: Cluster, host: string, path: string, https = false): IngressProbe {
  if (!readyControllerPods(cluster).length) return { outcome: 'no-controller' };
  const d = route(servedIngresses(cluster), host, path, https);
  if (d.kind !== 'backend') return { outcome: d.kind };
  const service = d.backend.name;
  const eps = serviceEndpoints(cluster, d.backend);
  if (!eps) return { outcome: 'no-service', service };
  if (!eps.length) return { outcome: 'no-endpoints', service };
  const live = eps.filter((e) => podListens(cluster, e.ip, e.port));
  if (!live.length) return { outcome: 'refused', service };
  const ips = new Set(live.map((e) => e.ip));
  const pods = cluster.store
    .list('pods', d.backend.namespace)
    .filter((p) => ips.has(String(p.status?.podIP ?? '')))
    .map((p) => p.metadata.name!)
    .sort();
  return { outcome: 'reached', service, namespace: d.backend.namespace, pods };
}
