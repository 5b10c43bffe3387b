/**
 * PodDisruptionBudgets, all of them on first use: the kind's validation (kind.ts) and table
 * (table.ts), the disruption controller (controller.ts) and what a budget says about an eviction
 * (eviction.ts) load together, when a caller first prepares the kind (kubectl before
 * `create pdb`, applying a file with one) or with the first PodDisruptionBudget. The eviction
 * subresource (client/subresources.ts) needs them only where a budget exists, which is after.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';

const PDBS = 'poddisruptionbudgets.policy';

/** The PodDisruptionBudget part (code.ts). */
export const PDB_CODE = codePart('disruption-controller', () => import('./code.ts'));

/** The disruption controller and the kind, woken by the first PodDisruptionBudget. */
export const PODDISRUPTIONBUDGETS: Installer = deferredController({
  name: 'disruption-controller',
  part: PDB_CODE,
  kinds: { resources: [PDBS], install: (m, api) => m.installPdbKind(api) },
  triggers: [PDBS],
  controller: (m, cluster) => m.disruptionController(cluster),
});
