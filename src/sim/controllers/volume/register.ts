/**
 * PersistentVolumeClaims, PersistentVolumes and StorageClasses (admission, tables) and the
 * volume controller, loaded with the first claim or volume (or StatefulSet).
 */
import { installPvcAdmission } from '../../apiserver/kinds/pvc.ts';
import { installPvAdmission } from '../../apiserver/kinds/pv.ts';
import { installStorageclassAdmission } from '../../apiserver/kinds/storageclass.ts';
import { installStorageTables } from '../../apiserver/tables/storage.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { STATEFUL_CONTROLLERS } from '../statefulset/stateful-code.ts';

/** Storage: the PVC, PV and StorageClass kinds and the volume controller (binding, provisioning). */
export const VOLUMES: Installer = deferredController({
  name: 'volume-controller',
  api(api) {
    installPvcAdmission(api);
    installPvAdmission(api);
    installStorageclassAdmission(api);
    installStorageTables(api);
  },
  part: STATEFUL_CONTROLLERS,
  triggers: ['persistentvolumeclaims', 'persistentvolumes'],
  controller: (m, cluster) => m.volumeController(cluster),
});
