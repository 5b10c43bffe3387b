/** The StatefulSet kind (admission, table) and its controller, loaded with the first StatefulSet. */
import { installStatefulsetAdmission } from '../../apiserver/kinds/statefulset.ts';
import { installStatefulsetTables } from '../../apiserver/tables/statefulset.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { STATEFUL_CONTROLLERS } from './stateful-code.ts';

/** StatefulSets: the kind and the StatefulSet controller (needs CONTROLLER_REVISIONS). */
export const STATEFULSETS: Installer = deferredController({
  name: 'statefulsets.apps',
  api(api) {
    installStatefulsetAdmission(api);
    installStatefulsetTables(api);
  },
  part: STATEFUL_CONTROLLERS,
  triggers: ['statefulsets.apps'],
  controller: (m, cluster) => m.statefulSetController(cluster),
});
