/**
 * What an exercise is: a task on a fresh cluster, the commands that prepare it, a reference
 * solution, and checks that read the cluster's state. Checks never look at what the learner
 * typed: `kubectl run`, `kubectl create` and `kubectl apply -f` all pass the same check,
 * because each leaves the same objects behind.
 */
import type { ClusterReader } from '../sim/index.ts';

/** One check's verdict. `detail` says what is still missing when it fails. */
export interface CheckResult {
  passed: boolean;
  /** e.g. `pod "web" exists but is Pending, not Running`; absent when there is nothing to say. */
  detail?: string;
}

/** A named condition on cluster state, e.g. "Pod web is Running". */
export interface Check {
  /** What the learner sees in the checklist. */
  label: string;
  /** Reads the cluster through its read-only client and never changes it. May be async; callers await. */
  run(cluster: ClusterReader): CheckResult | Promise<CheckResult>;
}

/**
 * A question whose answer is a value the learner finds in the cluster ("which node runs
 * `train`?"). The answer is judged against the exercise's cluster as it is when the learner
 * answers, never against a string written in the page.
 */
export interface AnswerQuestion {
  /** The question, in Markdown, shown next to the answer input. */
  prompt: string;
  /** Judges `answer` (as typed, untrimmed) on the cluster; reads it and never changes it. */
  check(cluster: ClusterReader, answer: string): CheckResult | Promise<CheckResult>;
}

/**
 * A task on its own cluster: the page builds a fresh cluster for it (seed from the id, the
 * lesson's preset and files, then `setup`), and Reset rebuilds only that cluster.
 */
export interface Exercise {
  /** Stable id `<lesson>/<name>`, used by `<Exercise id="..." />` and saved progress. */
  id: string;
  title: string;
  /** Slug of the lesson it belongs to (the lesson file name without its extension). */
  lesson: string;
  /** The task, in Markdown, as the learner reads it. */
  task: string;
  /** Nudges, shown one at a time on request. */
  hints: string[];
  /** Shell commands run on the fresh cluster before the learner starts (may be empty). */
  setup: string[];
  /** A reference solution: shell commands that make every check pass. */
  solution: string[];
  /**
   * Outcomes to reach, phrased as the symptom gone ("db has been Running for a minute"),
   * never as the fix; a failing check's `detail` may be more specific.
   */
  checks: Check[];
  /**
   * Set when the task's answer is a value: the exercise is done when every check passes and
   * the learner's answer passes `answer.check`.
   */
  answer?: AnswerQuestion;
  /**
   * For the teacher's page: mistakes learners commonly make on this task, in Markdown (mostly
   * the near-miss cases the exercise's tests show failing the checks). Optional.
   */
  wrongTurns?: string[];
  /** For the teacher's page: the minutes a first-time learner typically needs. Optional. */
  minutes?: number;
}
