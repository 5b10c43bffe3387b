/**
 * Runs an exercise's checks against a cluster, one after another, awaiting each, and reports
 * every result (not only the first failure) so the page can tick off what is already done.
 */
import type { Cluster } from '../sim/index.ts';
import type { Check } from './exercise.ts';

/** One check's label and verdict. */
export interface CheckOutcome {
  label: string;
  passed: boolean;
  detail?: string;
}

/**
 * Awaits every check in order. A check that throws counts as failed, with the error as its
 * detail, so one broken check never hides the others' results.
 */
export async function runChecks(checks: readonly Check[], cluster: Cluster): Promise<CheckOutcome[]> {
  const out: CheckOutcome[] = [];
  for (const check of checks) {
    try {
      const r = await check.run(cluster);
      out.push(r.detail === undefined ? { label: check.label, passed: r.passed } : { label: check.label, passed: r.passed, detail: r.detail });
    } catch (e) {
      out.push({ label: check.label, passed: false, detail: `could not check: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  return out;
}

/** True when there is at least one outcome and all passed. */
export function allPassed(outcomes: readonly CheckOutcome[]): boolean {
  return outcomes.length > 0 && outcomes.every((o) => o.passed);
}
