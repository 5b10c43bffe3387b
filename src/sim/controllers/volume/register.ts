/**
 * PersistentVolumeClaims and PersistentVolumes (admission, tables) and the volume controller,
 * loaded with the first claim or volume (or StatefulSet): a caller that writes one prepares the
 * kinds first, which loads the module. StorageClasses (the kind preset has `standard`) are
 * served from the start.
 */
import { installStorageclassAdmission } from '../../apiserver/kinds/storageclass.ts';
import { installStorageclassTable } from '../../apiserver/tables/storage.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { STATEFUL_CONTROLLERS } from '../statefulset/stateful-code.ts';

/** Storage: the PVC, PV and StorageClass kinds and the volume controller (binding, provisioning). */
export const VOLUMES: Installer = deferredController({
  name: 'volume-controller',
  api(api) {
    installStorageclassAdmission(api);
    installStorageclassTable(api);
  },
  part: STATEFUL_CONTROLLERS,
  kinds: { resources: ['persistentvolumeclaims', 'persistentvolumes'], install: (m, api) => m.installVolumeKinds(api) },
  triggers: ['persistentvolumeclaims', 'persistentvolumes'],
  controller: (m, cluster) => m.volumeController(cluster),
});
