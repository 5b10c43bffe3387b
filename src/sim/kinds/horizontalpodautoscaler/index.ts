/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts, with replicas.ts and
 * scaling.ts). All of it loads together (code.ts): when a caller first prepares the kind
 * (kubectl before `autoscale`, applying a file with one), or with the first
 * HorizontalPodAutoscaler. Reads in autoscaling/v1 convert through it (served-versions.ts),
 * which they can, since an HPA exists only once its create prepared the kind.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';

/** The resource's store key. */
export const HPAS = 'horizontalpodautoscalers.autoscaling';

/** The HorizontalPodAutoscaler part (code.ts). */
export const HPA_CODE = codePart('hpa-controller', () => import('./code.ts'));

/** HorizontalPodAutoscalers: the kind in both versions, its table and its controller. */
export const HORIZONTALPODAUTOSCALERS: Installer = deferredController({
  name: HPAS,
  part: HPA_CODE,
  kinds: { resources: [HPAS], install: (m, api) => m.installHpaKind(api) },
  triggers: [HPAS],
  controller: (m, cluster) => m.hpaController(cluster),
});
