/** What the LimitRange part loads: the kind's admission and table, and the LimitRanger plugin. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installLimitrangeAdmissionPlugin } from './admission.ts';
import { installLimitrangeAdmission } from './kind.ts';
import { installLimitrangeTable } from './table.ts';

/** LimitRanges and the LimitRanger plugin (which replaces its placeholder, keeping its place before ResourceQuota). */
export function installLimitrangeKind(api: ApiRegistries): void {
  installLimitrangeAdmission(api);
  installLimitrangeAdmissionPlugin(api);
  installLimitrangeTable(api);
}
