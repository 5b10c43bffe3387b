/**
 * Starting a <course-terminal> (terminal-element.ts): when (after load, once the browser is
 * idle, or at once for a reader's click), how (xterm's code, then the simulator's, then the
 * session's own steps, paced by run-in-tasks.ts' StartPace).
 * Loaded by the element when it comes near the screen or is woken: the page's own scripts stay
 * small until then (the element is all a page carries before a terminal starts).
 */
import { nextTask, step, whenIdleAfterLoad } from './start-schedule.ts';
import type { StartPace } from './run-in-tasks.ts';

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

/**
 * Fetches the terminal's code now (the element is about to scroll into view) and calls `start`
 * once the page has loaded and the browser is idle; returns what cancels that call.
 */
export function prepareTerminal(start: () => void): () => void {
  loadTerminalCode();
  return whenIdleAfterLoad(start);
}

/** A reader waits for the start under way: the simulator's code downloads now, not after xterm's. */
export function hurryTerminal(): void {
  terminalCode?.now();
}

/**
 * Starts the terminal in `host`: its code (each chunk's evaluation in a task of its own, or
 * both at once when `pace` is urgent), then the session; rejects when either fails.
 */
export async function startTerminal(host: HTMLElement, opts: { focus: boolean; pace: StartPace }): Promise<void> {
  const { pace } = opts;
  const code = loadTerminalCode();
  const pause = (): Promise<void> => (pace.urgent ? Promise.resolve() : nextTask());
  if (pace.urgent) code.now();
  await step('xterm-code', () => code.xterm);
  await pause();
  const { startSession } = await step('simulator-code', () => (pace.urgent ? code.now() : code.session));
  await pause();
  await startSession(host, opts);
}
