/**
 * `kubectl describe` for PersistentVolumeClaims (with `Used By`), PersistentVolumes and
 * StorageClasses (describe.go, 1.32).
 */
import { formatLabels, type Kinds, type KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, since, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

const MODES: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };

/** `RWO,ROX` in kubectl's fixed order (GetAccessModesAsString). */
export function accessModes(modes: string[] | undefined): string {
  const set = new Set(modes ?? []);
  return ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'].filter((m) => set.has(m)).map((m) => MODES[m]).join(',');
}

function finalizers(obj: KubeObject): string {
  return `[${(obj.metadata.finalizers ?? []).join(' ')}]`;
}

function status(obj: Kinds.PersistentVolume | Kinds.PersistentVolumeClaim, ctx: DescribeContext): string {
  if (obj.metadata.deletionTimestamp) return `Terminating (lasts ${since(obj.metadata.deletionTimestamp, ctx.now)})`;
  return String(obj.status?.phase ?? '');
}

/** Describes one PersistentVolumeClaim. */
export function describePVC(pvc: Kinds.PersistentVolumeClaim, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Kinds.PersistentVolumeClaimSpec = pvc.spec ?? {};
  w.write(0, `Name:\t${pvc.metadata.name}\n`);
  w.write(0, `Namespace:\t${pvc.metadata.namespace}\n`);
  w.write(0, `StorageClass:\t${spec.storageClassName ?? pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? ''}\n`);
  w.write(0, `Status:\t${status(pvc, ctx)}\n`);
  w.write(0, `Volume:\t${spec.volumeName ?? ''}\n`);
  multiline(w, 0, 'Labels', labelItems(pvc.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(pvc.metadata.annotations));
  w.write(0, `Finalizers:\t${finalizers(pvc)}\n`);
  const bound = !!spec.volumeName;
  w.write(0, `Capacity:\t${bound ? pvc.status?.capacity?.storage ?? '' : ''}\n`);
  w.write(0, `Access Modes:\t${bound ? accessModes(pvc.status?.accessModes) : ''}\n`);
  if (spec.volumeMode) w.write(0, `VolumeMode:\t${spec.volumeMode}\n`);
  const users = ctx.api
    .list('pods', { namespace: pvc.metadata.namespace })
    .items.filter((p) => (p.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name))
    .map((p) => p.metadata.name!)
    .sort();
  multiline(w, 0, 'Used By', users);
  describeEvents(w, pvc, ctx);
  return w.toString();
}

/** Describes one PersistentVolume. */
export function describePV(pv: Kinds.PersistentVolume, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Kinds.PersistentVolumeSpec = pv.spec ?? {};
  w.write(0, `Name:\t${pv.metadata.name}\n`);
  multiline(w, 0, 'Labels', labelItems(pv.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(pv.metadata.annotations));
  w.write(0, `Finalizers:\t${finalizers(pv)}\n`);
  w.write(0, `StorageClass:\t${spec.storageClassName ?? ''}\n`);
  w.write(0, `Status:\t${status(pv, ctx)}\n`);
  w.write(0, `Claim:\t${spec.claimRef ? `${spec.claimRef.namespace}/${spec.claimRef.name}` : ''}\n`);
  w.write(0, `Reclaim Policy:\t${spec.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(0, `Access Modes:\t${accessModes(spec.accessModes)}\n`);
  if (spec.volumeMode) w.write(0, `VolumeMode:\t${spec.volumeMode}\n`);
  w.write(0, `Capacity:\t${spec.capacity?.storage ?? '0'}\n`);
  const terms = spec.nodeAffinity?.required?.nodeSelectorTerms ?? [];
  if (!spec.nodeAffinity?.required) w.write(0, 'Node Affinity:\t<none>\n');
  else {
    w.write(0, 'Node Affinity:\t\n');
    w.write(1, `Required Terms:\t${terms.length ? '' : '<none>'}\n`);
    terms.forEach((t, i) => {
      const exprs = t.matchExpressions ?? [];
      const text = exprs.map((e) => `${e.key} ${String(e.operator).toLowerCase()}${e.values?.length ? ` [${e.values.join(', ')}]` : ''}`);
      if (!text.length) w.write(2, `Term ${i}:\t<none>\n`);
      text.forEach((s, j) => (j === 0 ? w.write(2, `Term ${i}:\t${s}\n`) : w.write(2, `\t${s}\n`)));
    });
  }
  w.write(0, `Message:\t${pv.status?.message ?? ''}\n`);
  w.write(0, 'Source:\n');
  if (spec.hostPath) {
    w.write(2, 'Type:\tHostPath (bare host directory volume)\n');
    w.write(2, `Path:\t${spec.hostPath.path}\n`);
    w.write(2, `HostPathType:\t${spec.hostPath.type ?? ''}\n`);
  } else if (spec.local) {
    w.write(2, 'Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n');
    w.write(2, `Path:\t${spec.local.path}\n`);
  } else if (spec.nfs) {
    w.write(2, 'Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n');
    w.write(2, `Server:\t${spec.nfs.server}\n`);
    w.write(2, `Path:\t${spec.nfs.path}\n`);
    w.write(2, `ReadOnly:\t${spec.nfs.readOnly ?? false}\n`);
  } else w.write(1, '<unknown>\n');
  describeEvents(w, pv, ctx);
  return w.toString();
}

/** Describes one StorageClass. */
export function describeStorageClass(sc: Kinds.StorageClass, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const ann = sc.metadata.annotations ?? {};
  const isDefault = ann['storageclass.kubernetes.io/is-default-class'] === 'true' || ann['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
  w.write(0, `Name:\t${sc.metadata.name}\n`);
  w.write(0, `IsDefaultClass:\t${isDefault ? 'Yes' : 'No'}\n`);
  w.write(0, `Annotations:\t${formatLabels(ann)}\n`);
  w.write(0, `Provisioner:\t${sc.provisioner ?? ''}\n`);
  w.write(0, `Parameters:\t${formatLabels(sc.parameters)}\n`);
  w.write(0, `AllowVolumeExpansion:\t${sc.allowVolumeExpansion === undefined ? '<unset>' : sc.allowVolumeExpansion ? 'True' : 'False'}\n`);
  const opts = (sc.mountOptions ?? []) as string[];
  if (!opts.length) w.write(0, 'MountOptions:\t<none>\n');
  else {
    w.write(0, 'MountOptions:\n');
    for (const o of opts) w.write(1, `${o}\n`);
  }
  if (sc.reclaimPolicy) w.write(0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode) w.write(0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  describeEvents(w, sc, ctx);
  return w.toString();
}

registerDescriber('persistentvolumeclaims', describePVC);
registerDescriber('persistentvolumes', describePV);
registerDescriber('storageclasses.storage.k8s.io', describeStorageClass);
