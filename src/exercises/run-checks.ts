/**
 * Runs an exercise's checks against a cluster, one after another, awaiting each, and reports
 * every result (not only the first failure) so the page can tick off what is already done.
 */
import { createClusterReader, type Cluster, type ClusterReader } from '../sim/index.ts';
import type { AnswerQuestion, Check, CheckResult, Exercise } from './exercise.ts';

/** One check's label and verdict. */
export interface CheckOutcome {
  label: string;
  passed: boolean;
  detail?: string;
}

/** The read-only view checks get: a cluster is read through the simulator's client. */
function readerOf(cluster: Cluster | ClusterReader): ClusterReader {
  return 'probes' in cluster ? cluster : createClusterReader(cluster);
}

/**
 * Awaits every check in order. A check that throws counts as failed, with the error as its
 * detail, so one broken check never hides the others' results.
 */
export async function runChecks(checks: readonly Check[], target: Cluster | ClusterReader): Promise<CheckOutcome[]> {
  const cluster = readerOf(target);
  const out: CheckOutcome[] = [];
  // The network reads need the cluster's network code; a check that cannot get it fails below.
  await cluster.probes.prepare()?.catch(() => undefined);
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

/**
 * Judges a learner's answer to `question` on `cluster`. An empty answer fails without asking
 * the question's check; a check that throws fails with the error as its detail.
 */
export async function checkAnswer(question: AnswerQuestion, target: Cluster | ClusterReader, answer: string): Promise<CheckResult> {
  const cluster = readerOf(target);
  if (answer.trim() === '') return { passed: false, detail: 'no answer yet' };
  try {
    return await question.check(cluster, answer);
  } catch (e) {
    return { passed: false, detail: `could not check: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Whether the exercise is done: every check passes and, when it asks a question, `answer`
 * passes it (an exercise with a question is never done without an answer).
 */
export async function exerciseDone(exercise: Pick<Exercise, 'checks' | 'answer'>, cluster: Cluster | ClusterReader, answer?: string): Promise<boolean> {
  if (!allPassed(await runChecks(exercise.checks, cluster))) return false;
  if (!exercise.answer) return true;
  return (await checkAnswer(exercise.answer, cluster, answer ?? '')).passed;
}
