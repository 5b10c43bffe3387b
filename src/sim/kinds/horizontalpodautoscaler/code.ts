/** What the HPA part loads: the controller, and the kind's defaults, validation and table. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installHpaAdmission } from './kind.ts';
import { installHpaTable } from './table.ts';

export { hpaController } from './controller.ts';

/** The HorizontalPodAutoscaler kind: admission (both versions) and table. */
export function installHpaKind(api: ApiRegistries): void {
  installHpaAdmission(api);
  installHpaTable(api);
}
