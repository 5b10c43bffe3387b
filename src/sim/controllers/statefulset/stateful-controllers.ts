/** What STATEFUL_CONTROLLERS loads: the StatefulSet and volume controllers, and the StatefulSet kind. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installStatefulsetAdmission } from '../../apiserver/kinds/statefulset.ts';
import { installStatefulsetTables } from '../../apiserver/tables/statefulset.ts';

export { statefulSetController } from './statefulset-controller.ts';
export { volumeController } from '../volume/volume-controller.ts';

/** The StatefulSet kind: admission and table. */
export function installStatefulsetKind(api: ApiRegistries): void {
  installStatefulsetAdmission(api);
  installStatefulsetTables(api);
}
