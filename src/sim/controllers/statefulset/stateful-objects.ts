/**
 * The objects a StatefulSet stamps out: the pod of one ordinal from a revision's template
 * (stable name, hostname/subdomain, identity labels, claim volumes) and the claims of its
 * volumeClaimTemplates (`<template>-<set>-<ordinal>`, with the set's selector labels).
 */
import { clone, type KubeObject } from '../../api/types.ts';
import { controllerRef } from './pods.ts';
import { templateOf } from './revision.ts';

export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
export const REVISION_LABEL = 'controller-revision-hash';
export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';

/** `<template>-<set>-<ordinal>`: the claim a pod of the set mounts for a volumeClaimTemplate. */
export function claimName(template: string, set: string, ordinal: number): string {
  return `${template}-${set}-${ordinal}`;
}

/** The pod `<set>-<ord>` built from `revision`'s template. */
export function statefulPod(set: KubeObject, revision: KubeObject, ord: number): KubeObject {
  const spec = set.spec ?? {};
  const tmpl = clone(templateOf(revision)) as { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Record<string, unknown> };
  const setName = set.metadata.name!;
  const podName = `${setName}-${ord}`;
  const podSpec: Record<string, unknown> = { ...(tmpl.spec ?? {}) };
  const claimVolumes = ((spec.volumeClaimTemplates ?? []) as KubeObject[]).map((t) => ({
    name: t.metadata?.name,
    persistentVolumeClaim: { claimName: claimName(t.metadata?.name ?? '', setName, ord) },
  }));
  const claimNames = new Set(claimVolumes.map((v) => v.name));
  const volumes = ((podSpec.volumes as { name: string }[] | undefined) ?? []).filter((v) => !claimNames.has(v.name));
  if (claimVolumes.length || volumes.length) podSpec.volumes = [...claimVolumes, ...volumes];
  podSpec.hostname = podName;
  if (spec.serviceName) podSpec.subdomain = spec.serviceName;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName,
      namespace: set.metadata.namespace,
      labels: {
        ...(tmpl.metadata?.labels ?? {}),
        [POD_INDEX_LABEL]: String(ord),
        [REVISION_LABEL]: revision.metadata.name!,
        [POD_NAME_LABEL]: podName,
      },
      ...(tmpl.metadata?.annotations ? { annotations: tmpl.metadata.annotations } : {}),
      ownerReferences: [controllerRef(set)],
    },
    spec: podSpec,
  };
}

/** The claim for volumeClaimTemplate `t` of ordinal `ord`. */
export function statefulClaim(set: KubeObject, t: KubeObject, ord: number): KubeObject {
  const claim: KubeObject = {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: claimName(t.metadata?.name ?? '', set.metadata.name!, ord),
      namespace: set.metadata.namespace,
      labels: { ...(t.metadata?.labels ?? {}), ...(set.spec?.selector?.matchLabels ?? {}) },
      ...(t.metadata?.annotations ? { annotations: clone(t.metadata.annotations) } : {}),
    },
    spec: clone(t.spec ?? {}),
  };
  if (Object.keys(claim.metadata.labels!).length === 0) delete claim.metadata.labels;
  // persistentVolumeClaimRetentionPolicy.whenDeleted: Delete hands the claim to the garbage
  // collector along with the set.
  if (set.spec?.persistentVolumeClaimRetentionPolicy?.whenDeleted === 'Delete') claim.metadata.ownerReferences = [controllerRef(set)];
  return claim;
}
