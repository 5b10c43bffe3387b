/**
 * LimitRange, all of it: the kind's admission (kind.ts), the LimitRanger admission plugin that
 * defaults and checks Pods' resources against the namespace's ranges (admission.ts) and the
 * `get limits` table (table.ts), loaded together (code.ts) when a caller first prepares the
 * kind. Until a LimitRange exists the plugin has nothing to apply, and none can exist before
 * the code is there; its place in the plugin order (before ResourceQuota) is kept from the start.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredKind } from '../../deferred/deferred-kind.ts';
import type { Installer } from '../../installer.ts';

const CODE = codePart('limitrange-kind', () => import('./code.ts'));

/** LimitRanges and the LimitRanger admission plugin. */
export const LIMITRANGES: Installer = deferredKind({
  name: 'limitranges',
  resources: ['limitranges'],
  part: CODE,
  install: (m, api) => m.installLimitrangeKind(api),
  reserve: (api) => api.admission.addPlugin({ name: 'LimitRanger' }),
});
