/**
 * Claiming (controller_ref_manager.go ClaimPods): reconciles ControllerRefs between a
 * ReplicaSet and the active Pods around it. Pods it controls whose labels stopped matching
 * are released (their ownerReference removed), matching orphans are adopted (a controller
 * reference added), and Pods controlled by someone else are never touched. A ReplicaSet being
 * deleted neither adopts nor releases.
 */
import type { KubeObject } from '../../api/types.ts';
import { matches, type LabelSelector } from '../../api/labels.ts';
import type { ApiServer } from '../../apiserver/api-server.ts';
import { newControllerRef } from '../shared/controller-ref.ts';

/** ownerReferences edits are controller bookkeeping: written without spec admission. */
function setOwnerRefs(api: ApiServer, resource: string, obj: KubeObject, edit: (refs: KubeObject['metadata']['ownerReferences']) => KubeObject['metadata']['ownerReferences']): KubeObject | undefined {
  try {
    return api.modifyStatus(resource, obj.metadata.namespace, obj.metadata.name!, (o) => {
      const refs = edit(o.metadata.ownerReferences ?? []);
      if (refs && refs.length) o.metadata.ownerReferences = refs;
      else delete o.metadata.ownerReferences;
    });
  } catch {
    return undefined;
  }
}

/** Removes `owner`'s reference from `obj` (matched by uid). */
export function releaseObject(api: ApiServer, resource: string, obj: KubeObject, owner: KubeObject): void {
  setOwnerRefs(api, resource, obj, (refs) => refs!.filter((r) => r.uid !== owner.metadata.uid));
}

/** Adds a controller reference to `owner` on orphan `obj`; returns the updated object. */
export function adoptObject(api: ApiServer, resource: string, obj: KubeObject, owner: KubeObject): KubeObject | undefined {
  return setOwnerRefs(api, resource, obj, (refs) => [...refs!, newControllerRef(owner)]);
}

/**
 * The objects `owner` should manage: those it controls that still match `selector`, plus
 * the orphans it adopts. `controlled` and `orphans` come from the dependent index and are
 * already filtered by the caller (the ReplicaSet controller passes active Pods only).
 */
export function claimObjects(
  api: ApiServer,
  resource: string,
  owner: KubeObject,
  selector: LabelSelector,
  controlled: readonly KubeObject[],
  orphans: readonly KubeObject[],
): KubeObject[] {
  const deleting = owner.metadata.deletionTimestamp !== undefined;
  const out: KubeObject[] = [];
  for (const o of controlled) {
    if (matches(selector, o.metadata.labels)) out.push(o);
    else if (!deleting) releaseObject(api, resource, o, owner);
  }
  if (deleting) return out;
  for (const o of orphans) {
    if (o.metadata.deletionTimestamp !== undefined || !matches(selector, o.metadata.labels)) continue;
    const adopted = adoptObject(api, resource, o, owner);
    if (adopted) out.push(adopted);
  }
  return out;
}
