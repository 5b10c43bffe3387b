/**
 * The learner's side of a container's interactive shell, shared by `kubectl exec -it` and
 * `kubectl run -it` (attach): decides whether a terminal can be used, as kubectl's
 * StreamOptions.SetupTTY does, and reads the lines the shell asks for from the keyboard.
 */
import type { ShellTerminal } from '../../../sim/index.ts';
import type { Invocation } from '../../cli/verb.ts';

/** kubectl's notice when `-t` is given but stdin is not a terminal (a pipe, or no keyboard). */
export const NOT_A_TERMINAL = 'Unable to use a TTY - input is not a terminal or the right kind of file\n';

/**
 * Whether the session gets a terminal: `-i` and `-t`, with the keyboard as stdin. Input piped
 * in gets kubectl's notice (only with `-i`, as kubectl does). A host with no keyboard at all
 * (a transcript, a replay) stands for a terminal nobody types at: no notice, and a shell
 * reading it gets end of input at once.
 */
export function useTTY(inv: Invocation): boolean {
  if (!inv.flags.bool('stdin') || !inv.flags.bool('tty')) return false;
  if (inv.ctx.stdin) {
    if (!inv.flags.bool('quiet')) inv.err(NOT_A_TERMINAL);
    return false;
  }
  return !!inv.ctx.readLine;
}

/** Reads the line the waiting shell asks for: from the keyboard, or end of input without one. */
export function readFor(inv: Invocation, term: ShellTerminal): Promise<string | null> {
  const prompt = term.waiting ?? '';
  return inv.ctx.readLine ? inv.ctx.readLine(prompt) : Promise.resolve(null);
}

/** Sends `text` (what was piped into kubectl) line by line, then end of input. */
export function sendAll(term: ShellTerminal, text: string): void {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) term.send(line);
  term.send(null);
}

/**
 * Keeps a shell fed until `finished()`: each time it waits, the next typed line (null at
 * Ctrl-D). Resolves when the shell is fed end of input or `finished()` holds; `stop()` wakes it.
 */
export function feedFromKeyboard(inv: Invocation, term: ShellTerminal, finished: () => boolean): { done: Promise<void>; stop: () => void } {
  let wake = () => {};
  const done = (async () => {
    while (!finished()) {
      if (term.waiting === undefined) {
        await new Promise<void>((resolve) => {
          const off = term.onWaiting(() => {
            off();
            resolve();
          });
          wake = () => {
            off();
            resolve();
          };
        });
        continue;
      }
      const line = await readFor(inv, term);
      if (finished()) return;
      term.send(line);
      if (line === null) return;
    }
  })();
  return { done, stop: () => wake() };
}
