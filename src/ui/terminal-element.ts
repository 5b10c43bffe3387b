/**
 * <course-terminal>: the light part of a lesson's terminal, shipped with the page. It waits
 * until the element is about to scroll into view (IntersectionObserver), a Run/Apply button
 * wakes it, or the reader presses "Start", and only then imports the heavy part
 * (./session.ts: xterm, the shell, kubectl, the simulator). In view at load (the docked
 * terminal on a wide screen), it waits further for the page to load and the browser to be idle;
 * a Run click or "Start" does not wait. Started by the page, the start runs in short tasks
 * (xterm's code, the simulator's code, then the session's own steps, each its own task); started
 * by a click, or clicked while it runs, the rest of it is urgent and runs without handing turns
 * back (run-in-tasks.ts says why).
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
  /** Read by the start as it goes (run-in-tasks.ts' StartPace): true once a reader waits for it. */
  private readonly pace = { urgent: false };

  connectedCallback(): void {
    if (this.started) return;
    this.dataset.state ??= 'idle';
    this.addEventListener(WAKE_EVENT, () => void this.start({ urgent: true }));
    this.querySelector('[data-start]')?.addEventListener('click', () => void this.start({ focus: true, urgent: true }));
    if (hasQueued(this.id)) {
      void this.start({ urgent: true });
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

  /** Loads and starts the session (once); `urgent` (a reader's click) also hurries a start under way. */
  async start(opts: { focus?: boolean; urgent?: boolean } = {}): Promise<void> {
    if (opts.urgent) {
      this.pace.urgent = true;
      // Under way at the idle pace: the simulator's code downloads now, not after xterm's.
      if (this.started) terminalCode?.now();
    }
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    this.cancelIdle?.();
    this.dataset.state = 'loading';
    performance.mark(`terminal-start:${this.id}`);
    try {
      // Each chunk's evaluation in a task of its own: xterm's, then the simulator's; both at once when urgent.
      const code = loadTerminalCode();
      const pause = (): Promise<void> => (this.pace.urgent ? Promise.resolve() : nextTask());
      if (this.pace.urgent) code.now();
      await step('xterm-code', () => code.xterm);
      await pause();
      const { startSession } = await step('simulator-code', () => (this.pace.urgent ? code.now() : code.session));
      await pause();
      await startSession(this, { focus: opts.focus ?? false, pace: this.pace });
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

type SessionCode = Promise<typeof import('./session.ts')>;
let terminalCode: { xterm: Promise<unknown>; session: SessionCode; now: () => SessionCode } | undefined;

/**
 * The terminal's code, imported once per page (a failed import is tried again): xterm, then the
 * simulator and session once xterm's is in (`session`), or at once (`now()`, for a reader waiting).
 */
function loadTerminalCode(): NonNullable<typeof terminalCode> {
  if (!terminalCode) {
    const xterm = import('./xterm-open.ts');
    let session: SessionCode | undefined;
    const now = (): SessionCode => (session ??= import('./session.ts'));
    const code = { xterm, session: xterm.then(now), now };
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
