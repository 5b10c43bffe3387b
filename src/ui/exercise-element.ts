/**
 * <course-exercise data-id="..." data-terminal="TERM"> (components/Exercise.astro): the light
 * part shipped with the page.
 * - Start: shows the exercise's own terminal (TERM, on a fresh cluster with the exercise's
 *   setup) and starts it; an exercise started before starts again when it scrolls into view
 *   (its cluster is rebuilt from its journal).
 * - Hints: one at a time on request; the count is remembered.
 * - Solution: opening it records "solution shown"; its button types it into TERM.
 * - Check my work: checks TERM's cluster (the checker, ./exercise-runner.ts, loads once the
 *   terminal has a session) and, from the first attempt on, shows what is still missing.
 */
import { sendToTerminal, wakeTerminal, whenSession } from './bus.ts';
import { foldDock } from './terminal-dock.ts';
import { exerciseProgress, markStarted, onProgressChange, recordAttempt, recordHints, recordSolutionShown } from './progress-store.ts';

type Starter = HTMLElement & { start?: (o?: { focus?: boolean }) => Promise<void> };

class CourseExercise extends HTMLElement {
  private attached = false;
  private checker: ((attempt: boolean) => void) | undefined;
  private wantCheck = false;

  connectedCallback(): void {
    if (this.attached) return;
    this.attached = true;
    const id = this.dataset.id ?? '';
    const termId = this.dataset.terminal ?? '';
    const progress = exerciseProgress(id);
    if ((progress.attempts ?? 0) > 0) this.dataset.attempted = '';
    this.showRemembered();
    onProgressChange(() => this.showRemembered());
    this.showHints(progress.hintsUsed ?? 0);

    this.on('[data-start-exercise]', () => {
      foldDock();
      this.startTerminal(true);
    });
    this.on('[data-check]', () => {
      recordAttempt(id);
      this.dataset.attempted = '';
      if (this.checker) this.checker(true);
      else {
        this.wantCheck = true;
        this.startTerminal(false);
      }
    });
    this.on('[data-hint-next]', () => {
      const shown = this.querySelectorAll('.hint[data-shown]').length + 1;
      recordHints(id, shown);
      this.showHints(shown);
      this.querySelector<HTMLElement>(`.hint[data-hint="${shown - 1}"]`)?.focus();
    });
    const solution = this.querySelector<HTMLDetailsElement>('details[data-solution]');
    solution?.addEventListener('toggle', () => {
      if (solution.open) recordSolutionShown(id);
    });
    this.on('[data-send-solution]', () => {
      recordSolutionShown(id);
      this.startTerminal(false);
      const raw = this.querySelector<HTMLElement>('[data-send-solution]')?.dataset.commands ?? '[]';
      sendToTerminal(termId, { kind: 'run', commands: JSON.parse(raw) as string[] });
    });

    if (!termId) return;
    whenSession(termId, (session) => {
      this.dataset.started = '';
      // Only this lesson's exercises download (not the whole catalogue).
      void import('./exercise-runner.ts').then(async ({ attachChecks, loadExercise }) => {
        const exercise = await loadExercise(id);
        if (!exercise) return;
        this.checker = attachChecks(this, exercise, session);
        if (this.wantCheck) this.checker(true);
      });
    });
    if (progress.startedAt) {
      // Started before: bring its cluster back once the reader reaches it.
      this.reveal();
      const io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          io.disconnect();
          this.startTerminal(false);
        },
        { rootMargin: '200px 0px' },
      );
      io.observe(this);
    }
  }

  private on(selector: string, cb: () => void): void {
    this.querySelector(selector)?.addEventListener('click', cb);
  }

  private reveal(): void {
    const box = this.querySelector<HTMLElement>('.exercise-terminal');
    if (box) box.hidden = false;
    const start = this.querySelector<HTMLElement>('[data-start-exercise]');
    if (start) start.hidden = true;
    const reset = this.querySelector<HTMLElement>('[data-reset]');
    if (reset) reset.hidden = false;
  }

  /** Shows the exercise's terminal and starts its cluster (once). */
  private startTerminal(focus: boolean): void {
    const id = this.dataset.id ?? '';
    const termId = this.dataset.terminal ?? '';
    markStarted(id);
    this.reveal();
    const term = document.getElementById(termId) as Starter | null;
    if (!term) return;
    void customElements.whenDefined('course-terminal').then(() => {
      if (term.start) void term.start({ focus });
      else wakeTerminal(termId);
    });
  }

  /** Shows the first `count` hints and words the button for the next one. */
  private showHints(count: number): void {
    const hints = [...this.querySelectorAll<HTMLElement>('.hint')];
    hints.forEach((h, i) => {
      h.toggleAttribute('data-shown', i < count);
      h.tabIndex = -1;
    });
    const next = this.querySelector<HTMLElement>('[data-hint-next]');
    if (!next) return;
    next.hidden = count >= hints.length;
    next.textContent = (this.dataset.hintText ?? 'Show a hint ({n} of {total})')
      .replace('{n}', String(count + 1))
      .replace('{total}', String(hints.length));
  }

  /** Marks the exercise done from saved progress (before any check has run). */
  private showRemembered(): void {
    const p = exerciseProgress(this.dataset.id ?? '');
    if (!p.doneAt || this.dataset.done === 'now') return;
    this.dataset.done = 'before';
    const status = this.querySelector<HTMLElement>('.exercise-status');
    if (status && !status.textContent) status.textContent = this.dataset.doneBeforeText ?? 'Done';
  }
}

/** Registers <course-exercise> (once per page). */
export function defineExerciseElement(): void {
  if (!customElements.get('course-exercise')) customElements.define('course-exercise', CourseExercise);
}
