/**
 * <course-terminal>: the light part of a lesson's terminal, shipped with the page. It waits
 * until the element is about to scroll into view (IntersectionObserver), a Run/Apply button
 * wakes it, or the reader presses "Start", and only then imports the heavy part
 * (./session.ts: xterm, the shell, kubectl, the simulator). In view at load (the docked
 * terminal on a wide screen), it waits further for the page to load and the browser to be idle;
 * a Run click or "Start" does not wait. The start itself runs in short tasks (start-schedule.ts):
 * xterm's code, the simulator's code, then the session's own steps, each its own task.
 *
 * An exercise's terminal (`data-manual`) does not start by scrolling into view: its exercise
 * starts it (Start, or on load when the reader started it before).
 *
 * Readiness: `data-state` is `idle`, `loading`, `ready` or `error`; `data-ready` appears once
 * the terminal accepts input.
 */
import { hasQueued, WAKE_EVENT } from './bus.ts';
import { nextTask, step, whenIdleAfterLoad } from './start-schedule.ts';

class CourseTerminal extends HTMLElement {
  private started = false;
  private observer: IntersectionObserver | undefined;
  private cancelIdle: (() => void) | undefined;

  connectedCallback(): void {
    if (this.started) return;
    this.dataset.state ??= 'idle';
    this.addEventListener(WAKE_EVENT, () => void this.start());
    this.querySelector('[data-start]')?.addEventListener('click', () => void this.start({ focus: true }));
    if (hasQueued(this.id)) {
      void this.start();
      return;
    }
    if (this.dataset.manual !== undefined) return;
    this.observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || this.cancelIdle) return;
        this.observer?.disconnect();
        // Fetch the terminal's code now, while the page loads, and start it when the browser
        // is idle: a Run click at load then finds the code there instead of fetching it.
        loadTerminalCode();
        this.cancelIdle = whenIdleAfterLoad(() => void this.start());
      },
      { rootMargin: '200px 0px' },
    );
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.cancelIdle?.();
  }

  /** Loads and starts the session (once). */
  async start(opts: { focus?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    this.cancelIdle?.();
    this.dataset.state = 'loading';
    performance.mark(`terminal-start:${this.id}`);
    try {
      // Each chunk's evaluation in a task of its own: xterm's, then the simulator's.
      const code = loadTerminalCode();
      await step('xterm-code', () => code.xterm);
      await nextTask();
      const { startSession } = await step('simulator-code', () => code.session);
      await nextTask();
      await startSession(this, { focus: opts.focus ?? false });
      this.dataset.state = 'ready';
    } catch (error) {
      this.dataset.state = 'error';
      const note = document.createElement('p');
      note.className = 'terminal-note terminal-error';
      note.setAttribute('role', 'alert');
      note.textContent = this.dataset.error ?? 'The terminal could not start.';
      this.replaceChildren(note);
      throw error;
    }
  }
}

let terminalCode: { xterm: Promise<unknown>; session: Promise<typeof import('./session.ts')> } | undefined;

/** The terminal's code (xterm, then the simulator and session), imported once per page; a failed import is tried again. */
function loadTerminalCode(): NonNullable<typeof terminalCode> {
  if (!terminalCode) {
    const xterm = import('./xterm-open.ts');
    const code = { xterm, session: xterm.then(() => import('./session.ts')) };
    xterm.catch(() => {});
    code.session.catch(() => {
      if (terminalCode === code) terminalCode = undefined;
    });
    terminalCode = code;
  }
  return terminalCode;
}

/** Registers <course-terminal> (once per page). */
export function defineTerminalElement(): void {
  if (!customElements.get('course-terminal')) customElements.define('course-terminal', CourseTerminal);
}
