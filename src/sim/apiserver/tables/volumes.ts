/**
 * `kubectl get pvc` and `kubectl get pv` (printPersistentVolumeClaim, printPersistentVolume),
 * loaded with the StatefulSet and volume controllers.
 */
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** `RWO,ROX,RWX,RWOP` in that fixed order (helper.GetAccessModesAsString). */
export function accessModesCell(modes: string[] | undefined): string {
  const m = modes ?? [];
  const out: string[] = [];
  if (m.includes('ReadWriteOnce')) out.push('RWO');
  if (m.includes('ReadOnlyMany')) out.push('ROX');
  if (m.includes('ReadWriteMany')) out.push('RWX');
  if (m.includes('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** Installs the claims' and volumes' `kubectl get` tables into an API server. */
export function installVolumeTables(api: ApiRegistries): void {
  api.tables.register('persistentvolumeclaims', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Status', priority: 0 },
      { name: 'Volume', priority: 0 },
      { name: 'Capacity', priority: 0 },
      { name: 'Access Modes', priority: 0 },
      { name: 'StorageClass', priority: 0 },
      { name: 'VolumeAttributesClass', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'VolumeMode', priority: 1 },
    ],
    row: (o, now) => {
      const bound = !!o.spec?.volumeName;
      return [
        o.metadata.name ?? '',
        o.metadata.deletionTimestamp ? 'Terminating' : (o.status?.phase ?? ''),
        o.spec?.volumeName ?? '',
        bound ? String(o.status?.capacity?.storage ?? '') : '',
        bound ? accessModesCell(o.status?.accessModes) : '',
        o.spec?.storageClassName ?? '',
        o.spec?.volumeAttributesClassName || '<unset>',
        age(o, now),
        o.spec?.volumeMode ?? '<unset>',
      ];
    },
  });

  api.tables.register('persistentvolumes', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Capacity', priority: 0 },
      { name: 'Access Modes', priority: 0 },
      { name: 'Reclaim Policy', priority: 0 },
      { name: 'Status', priority: 0 },
      { name: 'Claim', priority: 0 },
      { name: 'StorageClass', priority: 0 },
      { name: 'VolumeAttributesClass', priority: 0 },
      { name: 'Reason', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'VolumeMode', priority: 1 },
    ],
    row: (o, now) => {
      const ref = o.spec?.claimRef;
      return [
        o.metadata.name ?? '',
        String(o.spec?.capacity?.storage ?? ''),
        accessModesCell(o.spec?.accessModes),
        o.spec?.persistentVolumeReclaimPolicy ?? '',
        o.metadata.deletionTimestamp ? 'Terminating' : (o.status?.phase ?? ''),
        ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : '',
        o.spec?.storageClassName ?? '',
        o.spec?.volumeAttributesClassName || '<unset>',
        o.status?.reason ?? '',
        age(o, now),
        o.spec?.volumeMode ?? '<unset>',
      ];
    },
  });
}
