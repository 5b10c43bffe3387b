/**
 * `kubectl get storageclass` (printStorageClass). The claims' and volumes' tables are in
 * volumes.ts, which loads with the volume controller.
 */
import type { KubeObject } from '../../api/types.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

function isDefaultClass(sc: KubeObject): boolean {
  const a = sc.metadata.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

/** Installs the StorageClass `kubectl get` table into an API server. */
export function installStorageclassTable(api: ApiRegistries): void {
  api.tables.register('storageclasses.storage.k8s.io', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Provisioner', priority: 0 },
      { name: 'ReclaimPolicy', priority: 0 },
      { name: 'VolumeBindingMode', priority: 0 },
      { name: 'AllowVolumeExpansion', priority: 0 },
      { name: 'Age', priority: 0 },
    ],
    row: (o, now) => [
      (o.metadata.name ?? '') + (isDefaultClass(o) ? ' (default)' : ''),
      String(o.provisioner ?? ''),
      String(o.reclaimPolicy ?? 'Delete'),
      String(o.volumeBindingMode ?? 'Immediate'),
      o.allowVolumeExpansion ? 'true' : 'false',
      age(o, now),
    ],
  });
}
