/**
 * LimitRange, all of it: the kind's defaults and validation (kind.ts), the LimitRanger
 * admission plugin that defaults and bounds Pods' resources (admission.ts) and the
 * `get limits` table (table.ts). It has no controller.
 */
import type { Installer } from '../../installer.ts';
import { installLimitrangeAdmissionPlugin } from './admission.ts';
import { installLimitrangeAdmission } from './kind.ts';
import { installLimitrangeTable } from './table.ts';

/** LimitRanges and the LimitRanger admission plugin. */
export const LIMITRANGES: Installer = {
  name: 'limitranges',
  api(api) {
    installLimitrangeAdmission(api);
    installLimitrangeAdmissionPlugin(api);
    installLimitrangeTable(api);
  },
};
