/** The StatefulSet kind (admission, table) and its controller, loaded with the first StatefulSet. */
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { STATEFUL_CONTROLLERS } from './stateful-code.ts';

/** StatefulSets: the kind and the StatefulSet controller (needs CONTROLLER_REVISIONS). */
export const STATEFULSETS: Installer = deferredController({
  name: 'statefulsets.apps',
  part: STATEFUL_CONTROLLERS,
  kinds: { resources: ['statefulsets.apps'], install: (m, api) => m.installStatefulsetKind(api) },
  triggers: ['statefulsets.apps'],
  controller: (m, cluster) => m.statefulSetController(cluster),
});
