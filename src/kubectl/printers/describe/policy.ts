/**
 * `describe pdb` (describe.go: describePodDisruptionBudgetV1): name and namespace, the budget
 * (`Min available` or else `Max unavailable`, as intstr prints it), the selector, the status
 * counters under `Status:` and the events. It shows no labels or annotations.
 */
import { formatLabelSelector, type Kinds } from '../../../sim/index.ts';
import { describeEvents, registerDescriber, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

/** `kubectl describe pdb NAME`. */
export function describePodDisruptionBudget(pdb: Kinds.PodDisruptionBudget, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pdb.spec ?? {};
  const st = pdb.status;
  w.write(0, `Name:\t${pdb.metadata.name}\n`);
  w.write(0, `Namespace:\t${pdb.metadata.namespace}\n`);
  if (spec.minAvailable !== undefined && spec.minAvailable !== null) w.write(0, `Min available:\t${spec.minAvailable}\n`);
  else if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) w.write(0, `Max unavailable:\t${spec.maxUnavailable}\n`);
  w.write(0, `Selector:\t${spec.selector ? formatLabelSelector(spec.selector) : '<unset>'}\n`);
  w.write(0, 'Status:\n');
  w.write(2, `Allowed disruptions:\t${st?.disruptionsAllowed ?? 0}\n`);
  w.write(2, `Current:\t${st?.currentHealthy ?? 0}\n`);
  w.write(2, `Desired:\t${st?.desiredHealthy ?? 0}\n`);
  w.write(2, `Total:\t${st?.expectedPods ?? 0}\n`);
  describeEvents(w, pdb, ctx);
  return w.toString();
}

registerDescriber('poddisruptionbudgets.policy', describePodDisruptionBudget);
