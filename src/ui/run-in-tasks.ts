/**
 * Runs the simulator's stepwise jobs (createClusterSteps) in short tasks, so that building a
 * cluster in the page never holds the thread for long. Kept apart from start-schedule.ts, which
 * the page loads before any terminal starts: this part is only needed once one does.
 */
import { nextTask } from './start-schedule.ts';

/** Wall time a task of a stepwise job may take before the browser gets a turn, in ms. */
const TASK_BUDGET_MS = 10;

/**
 * Runs a generator that pauses between small pieces of work (the simulator's
 * createClusterSteps) to the end, in tasks of about TASK_BUDGET_MS each; resolves with what it
 * returns. With `name`, each task is a performance measure `terminal:<name>-task`.
 */
export async function runInTasks<T>(steps: Generator<void, T, void>, opts: { name?: string; budgetMs?: number } = {}): Promise<T> {
  const budget = opts.budgetMs ?? TASK_BUDGET_MS;
  for (;;) {
    const start = performance.now();
    try {
      for (;;) {
        const r = steps.next();
        if (r.done) return r.value;
        if (performance.now() - start >= budget) break;
      }
    } finally {
      // Each task of the job, for the Performance panel (a piece longer than the budget shows here).
      if (opts.name) performance.measure(`terminal:${opts.name}-task`, { start, end: performance.now() });
    }
    await nextTask();
  }
}
