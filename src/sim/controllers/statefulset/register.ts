/** Registers the StatefulSet kind, its tables and controller with every cluster. */
import { registerComponent } from '../../component-registry.ts';
import '../../apiserver/kinds/statefulset.ts';
import '../../apiserver/kinds/controllerrevision.ts';
import '../../apiserver/tables/statefulset.ts';
import '../../apiserver/tables/controllerrevision.ts';
import { statefulSetController } from './statefulset-controller.ts';

registerComponent((cluster) => cluster.addController(statefulSetController(cluster)));
