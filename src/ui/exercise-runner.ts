/**
 * Keeps an exercise's checklist in step with the page's cluster: re-runs the checks after the
 * cluster changes (store events, at most every 250 ms, plus one run after the last change),
 * shows each check as passed or not with what is still missing, and records completion.
 * Loaded on demand by <course-exercise> once the terminal's session exists.
 */
import type { Exercise } from '../exercises/exercise.ts';
/** Re-exported so that the page script loads the exercise loader with the checker, not before. */
export { loadExercise } from '../exercises/by-lesson.ts';
import { allPassed, runChecks, type CheckOutcome } from '../exercises/run-checks.ts';
import type { SessionHandle } from './bus.ts';
import { markDone } from './progress-store.ts';

const THROTTLE_MS = 250;

/** Renders outcomes into the checklist the server rendered (same order as the checks). */
function render(root: HTMLElement, outcomes: CheckOutcome[], id: string): void {
  const items = root.querySelectorAll<HTMLElement>('.checklist > .check');
  const status = root.querySelector<HTMLElement>('.exercise-status');
  outcomes.forEach((o, i) => {
    const li = items[i];
    if (!li) return;
    li.dataset.state = o.passed ? 'passed' : 'failed';
    const state = li.querySelector('.check-state');
    if (state) state.textContent = ` (${o.passed ? status?.dataset.passedText ?? 'passed' : status?.dataset.pendingText ?? 'not yet'})`;
    const detail = li.querySelector('.check-detail');
    if (detail) detail.textContent = !o.passed && o.detail ? o.detail : '';
  });
  const done = allPassed(outcomes);
  if (done) {
    root.dataset.done = 'now';
    markDone(id);
  } else if (root.dataset.done === 'now') {
    root.dataset.done = 'before';
  }
  if (status) {
    const text = done ? status.dataset.doneText : root.dataset.done === 'before' ? status.dataset.doneBeforeText : '';
    if (status.textContent !== (text ?? '')) status.textContent = text ?? '';
  }
}

/**
 * Starts checking `exercise` against `session`'s cluster (following resets). Returns "check now".
 */
export function attachChecks(root: HTMLElement, exercise: Exercise, session: SessionHandle): () => void {
  const id = exercise.id;
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
    running = runChecks(exercise.checks, session.cluster)
      .then((outcomes) => render(root, outcomes, id))
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
  check();
  return check;
}
