/**
 * Controller references (metav1.GetControllerOf / NewControllerRef): the one ownerReference
 * with `controller: true` that says which controller manages an object. ReplicaSets own Pods
 * and Deployments own ReplicaSets through these.
 */
import type { KubeObject, OwnerReference } from '../../api/types.ts';

/** The controlling owner reference of `obj`, if any. */
export function controllerRefOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/**
 * The reference a controller stamps on what it creates or adopts: `controller: true` and
 * `blockOwnerDeletion: true`, so foreground deletion of the owner waits for the dependent.
 */
export function newControllerRef(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name!,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** Whether `obj`'s controller is exactly `owner` (same uid, not just the same name). */
export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  return controllerRefOf(obj)?.uid === owner.metadata.uid;
}

/** Whether the object is on its way out (deletionTimestamp set). */
export function isTerminating(obj: KubeObject): boolean {
  return obj.metadata.deletionTimestamp !== undefined;
}
