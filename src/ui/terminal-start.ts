/**
 * Starting a <course-terminal> (terminal-element.ts): when (after load, once the browser is
 * idle, or at once for a reader's click), how (xterm's code, then the simulator's, then the
 * session's own steps, paced by run-in-tasks.ts' StartPace).
 * Loaded by the element when it comes near the screen or is woken: the page's own scripts stay
 * small until then (the element is all a page carries before a terminal starts).
 */
import { nextTask, step, whenIdleAfterLoad } from './start-schedule.ts';
import type { StartPace } from './run-in-tasks.ts';
import { queuedFor } from './bus.ts';
import { warmEarly } from './early-code.ts';
// xterm's code is not imported here but with the session's (session.ts imports it): a click on
// a terminal that has loaded nothing yet waits for two downloads in a row, this small chunk,
// then xterm's, the simulator's, the session's and the clicked commands' code together.

type SessionCode = Promise<typeof import('./session.ts')>;
let terminalCode: { session: SessionCode; now: () => SessionCode } | undefined;

/**
 * The terminal's code, imported once per page (a failed import is tried again): xterm (here
 * already), then the simulator and session in a task of their own (`session`), or at once
 * (`now()`, for a reader waiting).
 */
function loadTerminalCode(): NonNullable<typeof terminalCode> {
  if (!terminalCode) {
    let session: SessionCode | undefined;
    const now = (): SessionCode => (session ??= import('./session.ts'));
    const code = { session: nextTask().then(now), now };
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

/**
 * The code the requests queued for terminal `id` will load on first use (their kubectl
 * commands, the YAML parser): its downloads start now, with the terminal's own.
 */
function warmQueued(id: string): void {
  for (const request of queuedFor(id)) warmEarly(request);
}

/**
 * A reader waits for the start under way (terminal `id`): the simulator's code downloads now,
 * not a turn later, and so does the code of the commands they clicked.
 */
export function hurryTerminal(id: string): void {
  terminalCode?.now();
  warmQueued(id);
}

/**
 * Starts the terminal in `host`: the simulator's code (its evaluation in a task of its own, or
 * at once when `pace` is urgent), then the session; rejects when either fails.
 */
export async function startTerminal(host: HTMLElement, opts: { focus: boolean; pace: StartPace }): Promise<void> {
  const { pace } = opts;
  const code = loadTerminalCode();
  const pause = (): Promise<void> => (pace.urgent ? Promise.resolve() : nextTask());
  if (pace.urgent) {
    code.now();
    warmQueued(host.id || 'terminal');
  }
  const { startSession } = await step('simulator-code', () => (pace.urgent ? code.now() : code.session));
  await pause();
  await startSession(host, opts);
}
