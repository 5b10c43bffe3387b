/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts, with replicas.ts and
 * scaling.ts), loaded with the first HorizontalPodAutoscaler.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { installHpaAdmission } from './kind.ts';
import { installHpaTable } from './table.ts';

const CONTROLLER = codePart('hpa-controller', () => import('./controller.ts'));

/** HorizontalPodAutoscalers: the kind in both versions, its table and its controller. */
export const HORIZONTALPODAUTOSCALERS: Installer = deferredController({
  name: 'horizontalpodautoscalers.autoscaling',
  api(api) {
    installHpaAdmission(api);
    installHpaTable(api);
  },
  part: CONTROLLER,
  triggers: ['horizontalpodautoscalers.autoscaling'],
  controller: (m, cluster) => m.hpaController(cluster),
});
