/**
 * <course-terminal>: the light part of a lesson's terminal, shipped with the page. It waits
 * until the element is about to scroll into view (IntersectionObserver), a Run/Apply button
 * wakes it, or the reader presses "Start", and only then imports the heavy part
 * (./session.ts: xterm, the shell, kubectl, the simulator).
 *
 * An exercise's terminal (`data-manual`) does not start by scrolling into view: its exercise
 * starts it (Start, or on load when the reader started it before).
 *
 * Readiness: `data-state` is `idle`, `loading`, `ready` or `error`; `data-ready` appears once
 * the terminal accepts input.
 */
import { hasQueued, WAKE_EVENT } from './bus.ts';

class CourseTerminal extends HTMLElement {
  private started = false;
  private observer: IntersectionObserver | undefined;

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
        if (entries.some((e) => e.isIntersecting)) void this.start();
      },
      { rootMargin: '200px 0px' },
    );
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
  }

  /** Loads and starts the session (once). */
  async start(opts: { focus?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    this.dataset.state = 'loading';
    try {
      const { startSession } = await import('./session.ts');
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

/** Registers <course-terminal> (once per page). */
export function defineTerminalElement(): void {
  if (!customElements.get('course-terminal')) customElements.define('course-terminal', CourseTerminal);
}
