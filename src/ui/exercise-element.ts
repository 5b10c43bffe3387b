/**
 * <course-exercise data-id="..."> (components/Exercise.astro): the light part shipped with the
 * page. It shows remembered completion at once, and once the page's terminal has a cluster it
 * loads the checker (./exercise-runner.ts) that keeps the checklist live. "Check" starts the
 * terminal if needed and checks right away.
 */
import { defaultTerminalId, wakeTerminal, whenSession } from './bus.ts';
import { isDone, onProgressChange } from './progress-store.ts';

class CourseExercise extends HTMLElement {
  private attached = false;
  private checkNow: (() => void) | undefined;
  private wantCheck = false;

  connectedCallback(): void {
    if (this.attached) return;
    this.attached = true;
    const id = this.dataset.id ?? '';
    const terminalId = this.dataset.terminal || defaultTerminalId();
    this.showRemembered(id);
    onProgressChange(() => this.showRemembered(id));
    this.querySelector('[data-check]')?.addEventListener('click', () => {
      if (this.checkNow) this.checkNow();
      else {
        this.wantCheck = true;
        if (terminalId) wakeTerminal(terminalId);
      }
    });
    if (!terminalId) return;
    whenSession(terminalId, (session) => {
      // Only this lesson's exercises download (not the whole catalogue).
      void import('./exercise-runner.ts').then(async ({ attachChecks, loadExercise }) => {
        const exercise = await loadExercise(id);
        if (!exercise) return;
        this.checkNow = attachChecks(this, exercise, session);
        if (this.wantCheck) this.checkNow();
      });
    });
  }

  /** Marks the exercise done from saved progress (before any check has run). */
  private showRemembered(id: string): void {
    if (!isDone(id) || this.dataset.done === 'now') return;
    this.dataset.done = 'before';
    const status = this.querySelector<HTMLElement>('.exercise-status');
    if (status && !status.textContent) status.textContent = status.dataset.doneBeforeText ?? 'Done';
  }
}

/** Registers <course-exercise> (once per page). */
export function defineExerciseElement(): void {
  if (!customElements.get('course-exercise')) customElements.define('course-exercise', CourseExercise);
}
