/**
 * ResourceQuota, all of it: the kind's admission (kind.ts), the quota admission plugin that
 * charges creates against quotas (admission.ts), the `get quota` table (table.ts) and the quota
 * controller (controller.ts), registered with every cluster.
 */
import { registerComponent } from '../../component-registry.ts';
import { resourceQuotaController } from './controller.ts';
import './kind.ts';
import './admission.ts';
import './table.ts';

registerComponent((cluster) => cluster.addController(resourceQuotaController(cluster)));
