/** What the HPA part loads: the controller, the kind's defaults, validation and table, and the autoscaling/v1 conversion. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installHpaAdmission } from './kind.ts';
import { installHpaTable } from './table.ts';

export { hpaController } from './controller.ts';
export { v2ToV1 } from './convert.ts';

/** The HorizontalPodAutoscaler kind: admission (both versions) and table. */
export function installHpaKind(api: ApiRegistries): void {
  installHpaAdmission(api);
  installHpaTable(api);
}
