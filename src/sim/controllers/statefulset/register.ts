/** The StatefulSet kind (admission, table) and its controller. */
import { installStatefulsetAdmission } from '../../apiserver/kinds/statefulset.ts';
import { installStatefulsetTables } from '../../apiserver/tables/statefulset.ts';
import type { Installer } from '../../installer.ts';
import { statefulSetController } from './statefulset-controller.ts';

/** StatefulSets: the kind and the StatefulSet controller (needs CONTROLLER_REVISIONS). */
export const STATEFULSETS: Installer = {
  name: 'statefulsets.apps',
  api(api) {
    installStatefulsetAdmission(api);
    installStatefulsetTables(api);
  },
  start: (cluster) => cluster.addController(statefulSetController(cluster)),
};
