/**
 * PodDisruptionBudgets' controller (the disruption controller), loaded with the first
 * PodDisruptionBudget. The kind's validation (kind.ts) is installed at once; its table stays with
 * the API server's core kinds;
 * the eviction subresource that honours the budgets is the client's (client/subresources.ts).
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { installPdbAdmission } from './kind.ts';

const CODE = codePart('disruption-controller', () => import('./code.ts'));

/** The disruption controller, woken by the first PodDisruptionBudget. */
export const PODDISRUPTIONBUDGETS: Installer = deferredController({
  name: 'disruption-controller',
  api: (api) => installPdbAdmission(api),
  part: CODE,
  triggers: ['poddisruptionbudgets.policy'],
  controller: (m, cluster) => m.disruptionController(cluster),
});
