/**
 * <course-terminal>: the light part of a lesson's terminal, shipped with the page. It waits
 * until the element is about to scroll into view (IntersectionObserver), a Run/Apply button
 * wakes it, or the reader presses "Start", and only then imports its start (terminal-start.ts)
 * and through it the heavy part (./session.ts: xterm, the shell, kubectl, the simulator). In
 * view at load (the docked terminal on a wide screen), it waits further for the page to load
 * and the browser to be idle, and its start runs in short tasks; a Run click or "Start" does
 * not wait, and makes the rest of a start under way urgent: it runs without handing turns back
 * (run-in-tasks.ts says why).
 *
 * An exercise's terminal (`data-manual`) does not start by scrolling into view: its exercise
 * starts it (Start, or on load when the reader started it before).
 *
 * Readiness: `data-state` is `idle`, `loading`, `ready` or `error`; `data-ready` appears once
 * the terminal accepts input.
 */
import { hasQueued, WAKE_EVENT } from './bus.ts';

type Starter = typeof import('./terminal-start.ts');
let starter: Promise<Starter> | undefined;

/** The start's code (a small chunk), imported once per page; a failed import is tried again. */
function loadStarter(): Promise<Starter> {
  const load = (starter ??= import('./terminal-start.ts'));
  load.catch(() => {
    if (starter === load) starter = undefined;
  });
  return load;
}

class CourseTerminal extends HTMLElement {
  private started = false;
  private observer: IntersectionObserver | undefined;
  private cancelIdle: (() => void) | undefined;
  private prepared = false;
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
        if (!entries.some((e) => e.isIntersecting) || this.prepared) return;
        this.prepared = true;
        this.observer?.disconnect();
        // Fetch the terminal's code now, while the page loads, and start it when the browser
        // is idle: a Run click at load then finds the code there instead of fetching it.
        void loadStarter().then((s) => {
          if (!this.started) this.cancelIdle = s.prepareTerminal(() => void this.start());
        });
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
      if (this.started) void starter?.then((s) => s.hurryTerminal(this.id || 'terminal'), () => {});
    }
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    this.cancelIdle?.();
    this.dataset.state = 'loading';
    const start = performance.now();
    performance.mark(`terminal-start:${this.id}`);
    try {
      const s = await loadStarter();
      // The start's own small chunk: until here the terminal waited for it.
      performance.measure('terminal:start-code', { start, end: performance.now() });
      await s.startTerminal(this, { focus: opts.focus ?? false, pace: this.pace });
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

/** Registers <course-terminal> (once per page). */
export function defineTerminalElement(): void {
  if (!customElements.get('course-terminal')) customElements.define('course-terminal', CourseTerminal);
}
