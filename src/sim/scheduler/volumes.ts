/**
 * The volume checks kube-scheduler runs before looking at nodes (VolumeBinding PreFilter):
 * every PersistentVolumeClaim a Pod mounts must exist, not be terminating, and be bound unless
 * its StorageClass delays binding until a consumer is scheduled (WaitForFirstConsumer). Such
 * claims are bound in the binding cycle: the scheduler names the node it chose on them
 * (`volume.kubernetes.io/selected-node`, PreBind) and binds the Pod once they are bound.
 */
import type { KubeObject } from '../api/types.ts';
import type { Store } from '../store/store.ts';

const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

function storageClassOf(store: Store, pvc: KubeObject): KubeObject | undefined {
  const name: string | undefined = pvc.spec?.storageClassName;
  if (name) return store.get('storageclasses.storage.k8s.io', '', name);
  if (name === '') return undefined;
  return store
    .list('storageclasses.storage.k8s.io')
    .find((sc) => sc.metadata.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true');
}

/** Returns the whole-Pod failure message, or undefined when the Pod's claims allow scheduling. */
export function checkPodVolumes(store: Store, pod: KubeObject): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  let unboundImmediate = false;
  for (const v of pod.spec?.volumes ?? []) {
    const claim: string | undefined = v.persistentVolumeClaim?.claimName;
    if (!claim) continue;
    const pvc = store.get('persistentvolumeclaims', ns, claim);
    if (!pvc) return `persistentvolumeclaim "${claim}" not found`;
    if (pvc.metadata.deletionTimestamp) return `persistentvolumeclaim "${claim}" is being deleted`;
    const bound = !!pvc.spec?.volumeName || pvc.status?.phase === 'Bound';
    if (bound) continue;
    const sc = storageClassOf(store, pvc);
    if (sc?.volumeBindingMode === 'WaitForFirstConsumer') continue;
    unboundImmediate = true;
  }
  return unboundImmediate ? 'pod has unbound immediate PersistentVolumeClaims' : undefined;
}

/** The claims of a Pod still unbound because their class waits for a consumer (bound in PreBind). */
export function delayedClaims(store: Store, pod: KubeObject): KubeObject[] {
  const ns = pod.metadata.namespace ?? 'default';
  const out: KubeObject[] = [];
  for (const v of pod.spec?.volumes ?? []) {
    const claim: string | undefined = v.persistentVolumeClaim?.claimName;
    if (!claim) continue;
    const pvc = store.get('persistentvolumeclaims', ns, claim);
    if (!pvc || pvc.spec?.volumeName || pvc.status?.phase === 'Bound') continue;
    if (storageClassOf(store, pvc)?.volumeBindingMode === 'WaitForFirstConsumer') out.push(pvc);
  }
  return out;
}
