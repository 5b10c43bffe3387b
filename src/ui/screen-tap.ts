/**
 * The terminal the shell writes to, with two additions the page needs:
 * - taps: listeners that see everything written (what a Run button's commands printed, for
 *   its report and for screen readers);
 * - a cue line: a dim note shown on the line below the output while a command waits (the
 *   fast-forward offer). It is erased before anything else is written, so command output never
 *   mixes with it, and it is only shown when the cursor is at the start of a line (never over
 *   a half-written line of output).
 */
import type { Terminal as ShellTerminal } from '../shell/terminal.ts';

/** A terminal with taps and a cue line. */
export interface TappedScreen extends ShellTerminal {
  /** Calls `cb` with each chunk written; returns unsubscribe. */
  tap(cb: (data: string) => void): () => void;
  /** Shows `text` (plain) as the cue line, or clears it with undefined. False when it cannot show now. */
  cue(text: string | undefined): boolean;
}

/** Wraps `screen` (the xterm adapter, or any terminal). */
export function tapScreen(screen: ShellTerminal): TappedScreen {
  const taps = new Set<(data: string) => void>();
  let atLineStart = true;
  let cueShown = false;
  const clearCue = (): void => {
    if (!cueShown) return;
    cueShown = false;
    screen.write('\r\x1b[J');
  };
  return {
    write(data) {
      if (!data) return;
      clearCue();
      screen.write(data);
      atLineStart = endsAtLineStart(data, atLineStart);
      for (const t of taps) t(data);
    },
    onData: (cb) => screen.onData(cb),
    get cols() {
      return screen.cols;
    },
    get rows() {
      return screen.rows;
    },
    tap(cb) {
      taps.add(cb);
      return () => taps.delete(cb);
    },
    cue(text) {
      if (text === undefined) {
        clearCue();
        return true;
      }
      if (!atLineStart && !cueShown) return false;
      // Back to the line's start: the cursor stays where output goes on, and a terminal wider than
      // its box does not scroll sideways to follow it to the cue's end.
      screen.write(`\r\x1b[J\x1b[2m${text.slice(0, Math.max(10, screen.cols - 1))}\x1b[0m\r`);
      cueShown = true;
      return true;
    },
  };
}

/** Whether the cursor is at the start of a line after `data` (blanks after a newline count). */
function endsAtLineStart(data: string, before: boolean): boolean {
  for (let i = data.length - 1; i >= 0; i--) {
    const c = data.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return before;
}

/** Terminal text without colours and cursor movements, for reading aloud and reports. */
export function plainText(data: string): string {
  return (
    data
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b[\]P^_][^\x07\x1b]*(?:\x07|\x1b\\)?/g, '')
      .replace(/\r\n/g, '\n')
      // A carriage return rewrites its line: keep what was written last.
      .split('\n')
      .map((l) => l.split('\r').filter(Boolean).pop() ?? '')
      .join('\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  );
}
