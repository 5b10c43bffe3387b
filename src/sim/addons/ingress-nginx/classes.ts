/**
 * Which Ingresses this controller serves, with the flags the bundled manifest passes
 * (`--ingress-class=nginx --controller-class=k8s.io/ingress-nginx
 * --watch-ingress-without-class=true`), and whether a controller Pod is up to serve them.
 */
import type { KubeObject } from '../../api/types.ts';
import type { Store } from '../../store/store.ts';
import { isControllerPod } from './controller-pod.ts';

export { isControllerPod } from './controller-pod.ts';

/** Anything holding the store: a Cluster, or the API server's admission context. */
export type StoreView = { store: Store };

export const CONTROLLER_CLASS = 'k8s.io/ingress-nginx';
export const INGRESS_CLASS = 'nginx';
const CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

/** Whether the controller handles `ing`: its class is ours, or it names no class at all. */
export function serves(cluster: StoreView, ing: KubeObject): boolean {
  const byName = ing.spec?.ingressClassName as string | undefined;
  if (byName) {
    const cls = cluster.store.get('ingressclasses.networking.k8s.io', '', byName);
    return cls?.spec?.controller === CONTROLLER_CLASS;
  }
  const annotated = ing.metadata.annotations?.[CLASS_ANNOTATION];
  if (annotated !== undefined) return annotated === INGRESS_CLASS;
  return true;
}

/** The Ingresses served, oldest first (ties by namespace/name), as the controller orders them. */
export function servedIngresses(cluster: StoreView): KubeObject[] {
  return cluster.store
    .list('ingresses.networking.k8s.io')
    .filter((i) => !i.metadata.deletionTimestamp && serves(cluster, i))
    .sort(
      (a, b) =>
        String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp)) ||
        `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`),
    );
}

/** The Ready, not terminating controller Pods (the one that leads writes status and events). */
export function readyControllerPods(cluster: StoreView): KubeObject[] {
  return cluster.store
    .list('pods')
    .filter(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (p) => isControllerPod(p) && !p.metadata.deletionTimestamp && ((p.status?.conditions ?? []) as any[]).some((c) => c.type === 'Ready' && c.status === 'True'),
    )
    .sort((a, b) => String(a.metadata.name).localeCompare(String(b.metadata.name)));
}
