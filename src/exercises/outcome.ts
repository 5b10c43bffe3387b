/**
 * Outcome checks: a learner's checklist names the result to reach ("db stays up"), never the
 * fix. `outcome` groups the precise checks behind one such label; when it fails, the detail is
 * the first precise check that still fails, which the page shows only after a first attempt.
 */
import type { ClusterReader } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';

/**
 * A check labelled `label` that passes when every one of `checks` passes, in order. Its failing
 * detail is the first failing check's detail (or, lacking one, that check's own label).
 */
export function outcome(label: string, ...checks: Check[]): Check {
  return {
    label,
    async run(cluster: ClusterReader): Promise<CheckResult> {
      for (const check of checks) {
        const r = await check.run(cluster);
        if (!r.passed) return { passed: false, detail: r.detail ?? check.label };
      }
      return { passed: true };
    },
  };
}

/** A check from a plain test on the cluster: `test` returns undefined to pass, or the detail of its failure. */
export function checkThat(label: string, test: (cluster: ClusterReader) => string | undefined): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const detail = test(cluster);
      return detail === undefined ? { passed: true } : { passed: false, detail };
    },
  };
}
