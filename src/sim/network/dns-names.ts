/**
 * The names a Pod's resolver works with, known without asking CoreDNS: the cluster domain, the
 * nameserver's address, the search list and the names tried for a query (ndots:5).
 */

/** The cluster domain. */
export const CLUSTER_DOMAIN = 'cluster.local';
/** The kube-dns Service's ClusterIP, the nameserver in every Pod's resolv.conf. */
export const DNS_SERVICE_IP = '10.96.0.10';
/** The search list of a Pod in `namespace` (its resolv.conf `search` line). */
export function searchList(namespace: string): string[] {
  return [`${namespace}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN];
}

/** The absolute names a stub resolver tries for `name` with `options ndots:5`, in order. */
export function candidates(name: string, namespace: string): string[] {
  if (name.endsWith('.')) return [name.slice(0, -1)];
  const dots = (name.match(/\./g) ?? []).length;
  const searched = searchList(namespace).map((d) => `${name}.${d}`);
  return dots >= 5 ? [name, ...searched] : [...searched, name];
}
