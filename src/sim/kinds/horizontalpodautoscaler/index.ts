/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts, with replicas.ts and
 * scaling.ts).
 */
import type { Installer } from '../../installer.ts';
import { hpaController } from './controller.ts';
import { installHpaAdmission } from './kind.ts';
import { installHpaTable } from './table.ts';

/** HorizontalPodAutoscalers: the kind in both versions, its table and its controller. */
export const HORIZONTALPODAUTOSCALERS: Installer = {
  name: 'horizontalpodautoscalers.autoscaling',
  api(api) {
    installHpaAdmission(api);
    installHpaTable(api);
  },
  start: (cluster) => cluster.addController(hpaController(cluster)),
};
