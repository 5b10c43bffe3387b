/**
 * A Pod's host name and domain as the kubelet gives them (GeneratePodHostNameAndDomain): the
 * name is `spec.hostname` when set (an Indexed Job's `<job>-<index>`, a StatefulSet's Pod
 * name), else the Pod's name cut to 63 characters; with `spec.subdomain` the Pod's domain is
 * `<subdomain>.<namespace>.svc.cluster.local`, and the managed /etc/hosts names the Pod's IP
 * by its fully qualified name first.
 */
import type { KubeObject } from '../api/types.ts';
/** The cluster domain, as the Pod's resolv.conf searches it (kept here: the network's DNS module imports the kubelet side). */
const CLUSTER_DOMAIN = 'cluster.local';

/** The host name the Pod's containers see (`hostname`, `$HOSTNAME`, /etc/hostname). */
export function podHostname(pod: KubeObject): string {
  const h = pod.spec?.hostname as string | undefined;
  if (h) return h;
  return String(pod.metadata.name ?? '')
    .slice(0, 63)
    .replace(/[-.]+$/, '');
}

/** The Pod's domain, when it names a subdomain. */
export function podDomain(pod: KubeObject): string | undefined {
  const sub = pod.spec?.subdomain as string | undefined;
  return sub ? `${sub}.${pod.metadata.namespace ?? 'default'}.svc.${CLUSTER_DOMAIN}` : undefined;
}

/** The kubelet's line for the Pod itself at the end of its managed /etc/hosts. */
export function hostsEntry(pod: KubeObject, podIP: string): string {
  const name = podHostname(pod);
  const domain = podDomain(pod);
  return domain ? `${podIP}\t${name}.${domain}\t${name}\n` : `${podIP}\t${name}\n`;
}
