/**
 * Claim-to-volume matching and the objects binding and provisioning write
 * (pkg/controller/volume/persistentvolume): best static match, the local-path provisioner's
 * PV shape (kind's `standard` class), and the annotations bound objects carry.
 */
import { compareQuantity, parseQuantity } from '../../api/quantity.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';

export const SELECTED_NODE_ANNOTATION = 'volume.kubernetes.io/selected-node';
export const BIND_COMPLETED_ANNOTATION = 'pv.kubernetes.io/bind-completed';
export const BOUND_BY_CONTROLLER_ANNOTATION = 'pv.kubernetes.io/bound-by-controller';
export const PROVISIONED_BY_ANNOTATION = 'pv.kubernetes.io/provisioned-by';
export const STORAGE_PROVISIONER_ANNOTATION = 'volume.kubernetes.io/storage-provisioner';
export const BETA_STORAGE_PROVISIONER_ANNOTATION = 'volume.beta.kubernetes.io/storage-provisioner';
export const LOCAL_PATH_PROVISIONER = 'rancher.io/local-path';

function quantity(v: unknown) {
  try {
    return parseQuantity(v as string);
  } catch {
    return undefined;
  }
}

/** Whether `pv` can satisfy `claim` (class, modes, size, volume mode, selector, claimRef). */
export function volumeFits(pv: KubeObject, claim: KubeObject): boolean {
  if (pv.metadata.deletionTimestamp) return false;
  const ref = pv.spec?.claimRef;
  if (ref && (ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace || (ref.uid && ref.uid !== claim.metadata.uid))) return false;
  if (!ref && pv.status?.phase !== 'Available') return false;
  if ((pv.spec?.storageClassName ?? '') !== (claim.spec?.storageClassName ?? '')) return false;
  const want: string[] = claim.spec?.accessModes ?? [];
  const have: string[] = pv.spec?.accessModes ?? [];
  if (!want.every((m) => have.includes(m))) return false;
  if ((pv.spec?.volumeMode ?? 'Filesystem') !== (claim.spec?.volumeMode ?? 'Filesystem')) return false;
  const req = quantity(claim.spec?.resources?.requests?.storage);
  const cap = quantity(pv.spec?.capacity?.storage);
  if (!req || !cap || compareQuantity(cap, req) < 0) return false;
  if (claim.spec?.selector) {
    try {
      if (!matches(selectorFromSpec(claim.spec.selector), pv.metadata.labels ?? {})) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The smallest fitting volume; a volume pre-bound to the claim wins outright. */
export function bestMatch(pvs: KubeObject[], claim: KubeObject): KubeObject | undefined {
  const named = claim.spec?.volumeName;
  const fitting = pvs.filter((pv) => (!named || pv.metadata.name === named) && volumeFits(pv, claim));
  const prebound = fitting.find((pv) => pv.spec?.claimRef);
  if (prebound) return prebound;
  fitting.sort((a, b) => compareQuantity(quantity(a.spec.capacity.storage)!, quantity(b.spec.capacity.storage)!) || a.metadata.name!.localeCompare(b.metadata.name!));
  return fitting[0];
}

/** A claimRef pointing at `claim`. */
export function claimRefTo(claim: KubeObject) {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    name: claim.metadata.name!,
    namespace: claim.metadata.namespace!,
    resourceVersion: claim.metadata.resourceVersion,
    uid: claim.metadata.uid!,
  };
}

/** The PV kind's local-path provisioner creates for a claim on `node`. */
export function localPathVolume(claim: KubeObject, sc: KubeObject, node: string): KubeObject {
  const name = `pvc-${claim.metadata.uid}`;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name,
      annotations: { 'local.path.provisioner/selected-node': node, [PROVISIONED_BY_ANNOTATION]: LOCAL_PATH_PROVISIONER },
    },
    spec: {
      accessModes: [...(claim.spec?.accessModes ?? [])],
      capacity: { storage: claim.spec?.resources?.requests?.storage },
      claimRef: claimRefTo(claim),
      hostPath: { path: `/var/local-path-provisioner/${name}_${claim.metadata.namespace}_${claim.metadata.name}`, type: 'DirectoryOrCreate' },
      nodeAffinity: {
        required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] },
      },
      persistentVolumeReclaimPolicy: (sc.reclaimPolicy as string) ?? 'Delete',
      storageClassName: sc.metadata.name,
      volumeMode: claim.spec?.volumeMode ?? 'Filesystem',
    },
  };
}

/** Claim names a pod mounts. */
export function podClaims(pod: KubeObject): string[] {
  return ((pod.spec?.volumes ?? []) as { persistentVolumeClaim?: { claimName?: string } }[])
    .map((v) => v.persistentVolumeClaim?.claimName)
    .filter((c): c is string => !!c);
}
