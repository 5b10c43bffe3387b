/** Registers the Job kind, its table and controller with every cluster. */
import { registerComponent } from '../../component-registry.ts';
import '../../apiserver/kinds/job.ts';
import '../../apiserver/tables/job.ts';
import { jobController } from './job-controller.ts';

registerComponent((cluster) => cluster.addController(jobController(cluster)));
