/**
 * Answer questions whose right answer is read from the exercise's cluster when the learner
 * answers, so the page never holds it: a generated Pod name, a node, an amount of CPU.
 */
import { milliValue, parseQuantity, type ClusterReader } from '../sim/index.ts';
import type { AnswerQuestion, CheckResult } from './exercise.ts';

const pass: CheckResult = { passed: true };

/**
 * A question answered by one name. `expected` reads the right name(s) from the cluster (or a
 * reason it cannot be answered yet); the learner's answer is compared without surrounding
 * spaces, quotes or a `pod/`-style prefix, case-insensitively.
 */
export function nameAnswer(prompt: string, expected: (cluster: ClusterReader) => string[] | { problem: string }): AnswerQuestion {
  return {
    prompt,
    check(cluster: ClusterReader, answer: string): CheckResult {
      const want = expected(cluster);
      if (!Array.isArray(want)) return { passed: false, detail: want.problem };
      const given = answer.trim().replace(/^["'`]|["'`]$/g, '').replace(/^[a-z.]+\//i, '').toLowerCase();
      return want.some((w) => w.toLowerCase() === given) ? pass : { passed: false, detail: `"${answer.trim()}" is not the answer: look again` };
    },
  };
}

/**
 * A question answered by a CPU amount, compared in millicores: `1.5`, `1500m` and `1500m CPU`
 * are the same answer.
 */
export function cpuAnswer(prompt: string, expectedMilli: (cluster: ClusterReader) => number | { problem: string }): AnswerQuestion {
  return {
    prompt,
    check(cluster: ClusterReader, answer: string): CheckResult {
      const want = expectedMilli(cluster);
      if (typeof want !== 'number') return { passed: false, detail: want.problem };
      const text = answer.trim().replace(/\s*(cpus?|cores?)$/i, '');
      let milli: number;
      try {
        milli = Number(milliValue(parseQuantity(text)));
      } catch {
        return { passed: false, detail: `"${answer.trim()}" is not an amount of CPU such as 1.5 or 1500m` };
      }
      return milli === want ? pass : { passed: false, detail: `${answer.trim()} is not what the node has left: look again` };
    },
  };
}
