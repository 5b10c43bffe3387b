/** What STATEFUL_CONTROLLERS loads: the StatefulSet and volume controllers, and the StatefulSet, PersistentVolumeClaim and PersistentVolume kinds. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installStatefulsetAdmission } from '../../apiserver/kinds/statefulset.ts';
import { installStatefulsetTables } from '../../apiserver/tables/statefulset.ts';
import { installPvcAdmission } from '../../apiserver/kinds/pvc.ts';
import { installPvAdmission } from '../../apiserver/kinds/pv.ts';
import { installVolumeTables } from '../../apiserver/tables/volumes.ts';

export { statefulSetController } from './statefulset-controller.ts';
export { volumeController } from '../volume/volume-controller.ts';

/** The StatefulSet kind: admission and table. */
export function installStatefulsetKind(api: ApiRegistries): void {
  installStatefulsetAdmission(api);
  installStatefulsetTables(api);
}

/** The PersistentVolumeClaim and PersistentVolume kinds: admission and tables. */
export function installVolumeKinds(api: ApiRegistries): void {
  installPvcAdmission(api);
  installPvAdmission(api);
  installVolumeTables(api);
}
