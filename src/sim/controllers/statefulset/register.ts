/** The StatefulSet kind (admission, table) and its controller, loaded with the first StatefulSet. */
import { installStatefulsetAdmission } from '../../apiserver/kinds/statefulset.ts';
import { installStatefulsetTables } from '../../apiserver/tables/statefulset.ts';
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';

const CONTROLLER = codePart('statefulset-controller', () => import('./statefulset-controller.ts'));

/** StatefulSets: the kind and the StatefulSet controller (needs CONTROLLER_REVISIONS). */
export const STATEFULSETS: Installer = deferredController({
  name: 'statefulsets.apps',
  api(api) {
    installStatefulsetAdmission(api);
    installStatefulsetTables(api);
  },
  part: CONTROLLER,
  triggers: ['statefulsets.apps'],
  controller: (m, cluster) => m.statefulSetController(cluster),
});
