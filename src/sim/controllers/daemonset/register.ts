/** Registers the DaemonSet kind, its table and controller with every cluster. */
import { registerComponent } from '../../component-registry.ts';
import '../../apiserver/kinds/daemonset.ts';
import '../../apiserver/kinds/controllerrevision.ts';
import '../../apiserver/tables/daemonset.ts';
import '../../apiserver/tables/controllerrevision.ts';
import { daemonSetController } from './daemonset-controller.ts';

registerComponent((cluster) => cluster.addController(daemonSetController(cluster)));
