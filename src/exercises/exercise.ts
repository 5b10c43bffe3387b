/**
 * What an exercise is: a task on a fresh cluster, the commands that prepare it, a reference
 * solution, and checks that read the cluster's state. Checks never look at what the learner
 * typed: `kubectl run`, `kubectl create` and `kubectl apply -f` all pass the same check,
 * because each leaves the same objects behind.
 */
import type { Cluster } from '../sim/index.ts';

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
  /** Reads the cluster (through `cluster.api`) and never changes it. May be async; callers await. */
  run(cluster: Cluster): CheckResult | Promise<CheckResult>;
}

/**
 * A question whose answer is a value found in the cluster ("what password is stored in Secret
 * legacy?"), checked against the exercise's cluster, never against a string in the page.
 */
export interface AnswerQuestion {
  prompt: string;
  check(cluster: Cluster, answer: string): CheckResult | Promise<CheckResult>;
}

/** A task on its own cluster. */
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
  checks: Check[];
  /** Set for tasks whose answer is a value: done when every check passes and the answer does. */
  answer?: AnswerQuestion;
}
