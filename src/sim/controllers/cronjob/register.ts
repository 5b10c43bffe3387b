/** Registers the CronJob kind, its table and controller with every cluster. */
import { registerComponent } from '../../component-registry.ts';
import '../../apiserver/kinds/cronjob.ts';
import '../../apiserver/tables/cronjob.ts';
import { cronJobController } from './cronjob-controller.ts';

registerComponent((cluster) => cluster.addController(cronJobController(cluster)));
