/**
 * The Pod addresses CoreDNS answers for a headless Service: its Endpoints' ready addresses, as
 * they stood once the kubelets had reported their containers' latest starts and exits
 * (src/sim/kubelet/relist.ts). A Pod whose container started less than a relist ago is left
 * out (its own name does not resolve yet); one whose container exited less than a relist ago
 * is still there, with the hostname its Endpoints address had.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { reportedReady, unreported, type RelistedPod } from '../kubelet/relist.ts';
import { hostnameFor } from '../controllers/endpoints/desired.ts';

/** A Pod as its kubelet runs it (the kubelet's PodRuntime), as far as this module reads it. */
interface PodRuntime extends RelistedPod {
  namespace: string;
  name: string;
  uid: string;
  ip?: string;
}

/** One address as DNS serves it. */
export interface DnsAddress {
  ip: string;
  hostname?: string;
}

function selects(svc: KubeObject, pod: KubeObject): boolean {
  const sel = svc.spec?.selector as Record<string, string> | undefined;
  if (!sel || !Object.keys(sel).length) return false;
  const labels = (pod.metadata.labels ?? {}) as Record<string, string>;
  return Object.entries(sel).every(([k, v]) => labels[k] === v);
}

/** Runtimes in `namespace` whose kubelet has not yet reported a container's start or exit. */
function unsettled(cluster: Cluster, namespace: string, now: number): PodRuntime[] {
  const kubelets = cluster.extensions.get('kubelets') as Map<string, { runtimes(): Iterable<PodRuntime> }> | undefined;
  const out: PodRuntime[] = [];
  for (const k of kubelets?.values() ?? []) for (const rt of k.runtimes()) if (rt.namespace === namespace && rt.ip && unreported(rt, now)) out.push(rt);
  return out;
}

/**
 * `ready` (the Endpoints' ready addresses of headless Service `svc`) as DNS answers at this
 * moment: without Pods not yet reported Ready, with Pods not yet reported gone.
 */
export function dnsAddresses(cluster: Cluster, svc: KubeObject, ready: DnsAddress[]): DnsAddress[] {
  const ns = svc.metadata.namespace ?? 'default';
  const recent = unsettled(cluster, ns, cluster.now());
  if (!recent.length) return ready;
  let out = ready;
  for (const rt of recent) {
    const pod = cluster.store.get('pods', ns, rt.name);
    if (!pod || pod.metadata.uid !== rt.uid || !selects(svc, pod)) continue;
    const listed = out.some((a) => a.ip === rt.ip);
    const shown = reportedReady(rt, cluster.now());
    if (listed && !shown) out = out.filter((a) => a.ip !== rt.ip);
    else if (!listed && shown) {
      const hostname = hostnameFor(svc, pod);
      out = [...out, { ip: rt.ip!, ...(hostname ? { hostname } : {}) }];
    }
  }
  return out;
}
