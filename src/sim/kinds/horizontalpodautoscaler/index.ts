/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts, with replicas.ts and
 * scaling.ts), registered with every cluster.
 */
import { registerComponent } from '../../component-registry.ts';
import { hpaController } from './controller.ts';
import './kind.ts';
import './table.ts';

registerComponent((cluster) => cluster.addController(hpaController(cluster)));
