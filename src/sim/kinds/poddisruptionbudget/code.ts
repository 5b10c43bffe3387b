/** What the PodDisruptionBudget part loads: the disruption controller, the kind's validation and table, and the eviction's budget check. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installPdbAdmission } from './kind.ts';
import { installPdbTable } from './table.ts';

export { disruptionController } from './controller.ts';
export { admitEviction } from './eviction.ts';

/** The PodDisruptionBudget kind: validation and table. */
export function installPdbKind(api: ApiRegistries): void {
  installPdbAdmission(api);
  installPdbTable(api);
}
