/** Where a cluster keeps its kubelets, by node name: read by what inspects them (metrics-server's scrapes) without starting any. */
import type { Cluster } from '../cluster.ts';
import type { Kubelet } from './kubelet.ts';

/** The kubelets of a cluster by node name (empty before the component starts). */
export function kubelets(cluster: Cluster): Map<string, Kubelet> {
  let m = cluster.extensions.get('kubelets') as Map<string, Kubelet> | undefined;
  if (!m) cluster.extensions.set('kubelets', (m = new Map()));
  return m;
}
