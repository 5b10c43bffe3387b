/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts, with replicas.ts and
 * scaling.ts). All but the conversion, which reads of autoscaling/v1 need, load together
 * (code.ts): when a caller first prepares the kind (kubectl before `autoscale`, applying a
 * file with one, `get hpa`), or with the first HorizontalPodAutoscaler.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { HPAS } from './convert.ts';

const CODE = codePart('hpa-controller', () => import('./code.ts'));

/** HorizontalPodAutoscalers: the kind in both versions, its table and its controller. */
export const HORIZONTALPODAUTOSCALERS: Installer = deferredController({
  name: HPAS,
  part: CODE,
  kinds: { resources: [HPAS], install: (m, api) => m.installHpaKind(api) },
  triggers: [HPAS],
  controller: (m, cluster) => m.hpaController(cluster),
});
