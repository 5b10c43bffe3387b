/**
 * Keeps an exercise's checklist in step with its own cluster: re-runs the checks after the
 * cluster changes (store events, at most every 250 ms, plus one run after the last change),
 * checks the answer when the exercise asks one, and records completion.
 *
 * What shows: before the learner's first "Check my work" only the labels (the goal); from the
 * first attempt on, each check as passed or not and, for a failing one, what is still missing.
 * An exercise whose checks all pass (and whose answer is right) is done, attempt or not.
 * Loaded on demand by <course-exercise> once the exercise's terminal has a session.
 */
import { createClusterReader, type Cluster, type ClusterReader } from '../sim/index.ts';
import type { CheckResult, Exercise } from '../exercises/exercise.ts';
/** Re-exported so that the page script loads the exercise loader with the checker, not before. */
export { loadExercise } from '../exercises/by-lesson.ts';
import { allPassed, runChecks, type CheckOutcome } from '../exercises/run-checks.ts';
import type { SessionHandle } from './bus.ts';
import { exerciseProgress, markDone } from './progress-store.ts';
import { courseKey, readJSON, writeJSON } from './storage.ts';
import { noticeWords } from './terminal-notices.ts';

const THROTTLE_MS = 250;

/** The question of an exercise whose answer is a value found in its cluster. */
interface AnswerQuestion {
  prompt: string;
  check(cluster: ClusterReader, answer: string): CheckResult | Promise<CheckResult>;
}

/** The exercise's question, when it has one. */
function questionOf(exercise: Exercise): AnswerQuestion | undefined {
  const a = (exercise as Exercise & { answer?: unknown }).answer as Partial<AnswerQuestion> | undefined;
  return a && typeof a.check === 'function' ? (a as AnswerQuestion) : undefined;
}

/** Checks the answer typed so far; an empty answer fails without asking the exercise. */
async function checkAnswer(q: AnswerQuestion, cluster: Cluster, value: string, missing: string): Promise<CheckResult> {
  if (!value.trim()) return { passed: false, detail: missing };
  try {
    return await q.check(createClusterReader(cluster), value.trim());
  } catch (e) {
    return { passed: false, detail: `could not check: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Renders outcomes into the checklist the server rendered (same order as the checks). */
function render(root: HTMLElement, outcomes: CheckOutcome[], answer: CheckResult | undefined, id: string): void {
  const words = root.dataset;
  const done = allPassed(outcomes) && (answer?.passed ?? true);
  const revealed = root.dataset.attempted !== undefined || done;
  const items = root.querySelectorAll<HTMLElement>('.checklist > .check');
  outcomes.forEach((o, i) => {
    const li = items[i];
    if (!li) return;
    li.dataset.state = revealed ? (o.passed ? 'passed' : 'failed') : 'unknown';
    const state = li.querySelector('.check-state');
    if (state) state.textContent = revealed ? ` (${o.passed ? (words.passedText ?? 'passed') : (words.pendingText ?? 'not yet')})` : '';
    const detail = li.querySelector('.check-detail');
    const text = revealed && !o.passed && o.detail ? o.detail : '';
    if (detail && detail.textContent !== text) detail.textContent = text;
  });
  const answerState = root.querySelector<HTMLElement>('.answer-state');
  if (answerState && answer) {
    answerState.dataset.state = revealed ? (answer.passed ? 'passed' : 'failed') : 'unknown';
    const text = revealed ? (answer.passed ? (words.passedText ?? 'passed') : (answer.detail ?? words.pendingText ?? 'not yet')) : '';
    if (answerState.textContent !== text) answerState.textContent = text;
  }
  let unsaved = false;
  if (done) {
    root.dataset.done = 'now';
    unsaved = !markDone(id);
  } else if (root.dataset.done === 'now') {
    root.dataset.done = 'before';
  }
  const status = root.querySelector<HTMLElement>('.exercise-status');
  if (status) {
    const solved = exerciseProgress(id).withSolution ? words.doneSolutionText : words.doneText;
    const text = done
      ? solved
      : root.dataset.done === 'before'
        ? words.doneBeforeText
        : root.dataset.attempted !== undefined
          ? words.notYetText
          : '';
    // A completion the storage refused is said, not lost in silence.
    const shown = unsaved ? `${text ?? ''} ${noticeWords().progressNotSaved}`.trim() : (text ?? '');
    if (status.textContent !== shown) status.textContent = shown;
  }
}

/**
 * Starts checking `exercise` against `session`'s cluster (following resets). Returns "check
 * now" (`attempt`: the learner pressed Check my work, so results show from then on).
 */
export function attachChecks(root: HTMLElement, exercise: Exercise, session: SessionHandle): (attempt: boolean) => void {
  const id = exercise.id;
  const question = questionOf(exercise);
  const input = root.querySelector<HTMLInputElement>('input[data-answer]');
  const answerKey = courseKey(`answer:${id}`);
  if (input && question) {
    const saved = readJSON(answerKey);
    if (typeof saved === 'string' && !input.value) input.value = saved;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  let running: Promise<void> | undefined;
  let again = false;

  const check = (): void => {
    if (running) {
      again = true;
      return;
    }
    last = performance.now();
    const cluster = session.cluster;
    running = runChecks(exercise.checks, cluster)
      .then(async (outcomes) => {
        const answer = question ? await checkAnswer(question, cluster, input?.value ?? '', root.dataset.answerMissing ?? 'no answer yet') : undefined;
        render(root, outcomes, answer, id);
      })
      .catch((e: unknown) => console.error(e))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  // Throttle: the first change checks after at most THROTTLE_MS; a burst (a Deployment
  // creating 10 Pods) costs one run per window, and the last change is always checked.
  const schedule = (): void => {
    if (timer !== undefined) return;
    const wait = Math.max(0, THROTTLE_MS - (performance.now() - last));
    timer = setTimeout(() => {
      timer = undefined;
      check();
    }, wait);
  };

  let unsubscribe = session.cluster.store.subscribe(schedule);
  session.onClusterChange(() => {
    unsubscribe();
    unsubscribe = session.cluster.store.subscribe(schedule);
    schedule();
  });
  input?.addEventListener('input', () => writeJSON(answerKey, input.value));
  input?.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') root.querySelector<HTMLButtonElement>('[data-check]')?.click();
  });
  check();
  return () => check();
}
