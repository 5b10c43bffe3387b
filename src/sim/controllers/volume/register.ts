/** PersistentVolumeClaims, PersistentVolumes and StorageClasses (admission, tables) and the volume controller. */
import { installPvcAdmission } from '../../apiserver/kinds/pvc.ts';
import { installPvAdmission } from '../../apiserver/kinds/pv.ts';
import { installStorageclassAdmission } from '../../apiserver/kinds/storageclass.ts';
import { installStorageTables } from '../../apiserver/tables/storage.ts';
import type { Installer } from '../../installer.ts';
import { volumeController } from './volume-controller.ts';

/** Storage: the PVC, PV and StorageClass kinds and the volume controller (binding, provisioning). */
export const VOLUMES: Installer = {
  name: 'volume-controller',
  api(api) {
    installPvcAdmission(api);
    installPvAdmission(api);
    installStorageclassAdmission(api);
    installStorageTables(api);
  },
  start: (cluster) => cluster.addController(volumeController(cluster)),
};
