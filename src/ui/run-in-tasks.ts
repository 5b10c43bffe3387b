/**
 * Runs the terminal's start at the pace its cause allows. Started by the page on its own (the
 * terminal came into view, the browser is idle), the start runs in short tasks with a turn for
 * the browser (input, paint) between them, so that it never holds the page up. Started by the
 * reader (a Run, Apply or Start click), it is `urgent`: the reader is waiting for its output,
 * so what is left of the start runs without turns in between, in as few tasks as the downloads
 * allow (long tasks right after input do not block anything the reader is waiting for, and
 * each turn handed back cost a task's worth of other work). A start can become urgent midway:
 * a click during an idle start makes the rest of it run at once.
 *
 * Kept apart from start-schedule.ts, which the page loads before any terminal starts: this
 * part is only needed once one does.
 */
import { nextTask } from './start-schedule.ts';

/** Wall time a task of a stepwise job may take before the browser gets a turn, in ms. */
const TASK_BUDGET_MS = 10;

/** How a terminal's start is paced; `urgent` may turn true while it runs. */
export interface StartPace {
  readonly urgent: boolean;
}

/** A start that is never urgent (tests, resets). */
export const IDLE_PACE: StartPace = { urgent: false };

/** Ends the current task unless the start is urgent (then it only lets pending promise jobs run). */
export function pauseFor(pace: StartPace): Promise<void> {
  return pace.urgent ? Promise.resolve() : nextTask();
}

/**
 * Runs a generator that pauses between small pieces of work (the simulator's
 * createClusterSteps) to the end, in tasks of about `budgetMs` (TASK_BUDGET_MS) each, or in one
 * task from the moment `pace` is urgent; resolves with what it returns. With `name`, each task
 * is a performance measure `terminal:<name>-task`.
 */
export async function runInTasks<T>(steps: Generator<void, T, void>, opts: { name?: string; budgetMs?: number; pace?: StartPace } = {}): Promise<T> {
  const budget = opts.budgetMs ?? TASK_BUDGET_MS;
  const pace = opts.pace ?? IDLE_PACE;
  for (;;) {
    const start = performance.now();
    try {
      for (;;) {
        const r = steps.next();
        if (r.done) return r.value;
        if (!pace.urgent && performance.now() - start >= budget) break;
      }
    } finally {
      // Each task of the job, for the Performance panel (a piece longer than the budget shows here).
      if (opts.name) performance.measure(`terminal:${opts.name}-task`, { start, end: performance.now() });
    }
    await nextTask();
  }
}
