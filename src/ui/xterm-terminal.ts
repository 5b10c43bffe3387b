/**
 * Adapts an xterm.js Terminal to the shell's `Terminal` interface (src/shell/terminal.ts), and
 * adds what the page needs around it: typed-in input from Run buttons, the buffer as text for
 * tests, and a keyboard way out (Escape, then Tab) since Tab itself completes commands.
 */
import type { Terminal as XTerm } from '@xterm/xterm';
import type { Terminal as ShellTerminal } from '../shell/terminal.ts';

export interface XtermAdapter extends ShellTerminal {
  /** Feeds `data` to the shell as if the reader had typed it. */
  input(data: string): void;
  /** The whole buffer (scrollback included), lines joined with `\n`, trailing blanks trimmed. */
  text(): string;
  dispose(): void;
}

/** Page keys the adapter lets the host take before the shell sees them. */
export interface AdapterOptions {
  /** Called on each keydown; return true to take the key (the shell and the browser then ignore it). */
  onKey?: (event: KeyboardEvent) => boolean;
  /** Asked before typed input reaches the shell; true drops it (a read-only terminal). */
  refuse?: () => boolean;
}

/**
 * Wraps `term`. Keyboard input goes to the shell's onData subscribers unchanged, except:
 * Ctrl+V is the browser's paste (xterm hands the pasted text on);
 * Escape is kept from the shell and arms "leave": a Tab right after it is left to the browser,
 * which moves focus out of the terminal (Shift+Tab backwards); keys the host's `onKey` takes;
 * everything, while the host's `refuse` says so.
 */
export function adaptXterm(term: XTerm, opts: AdapterOptions = {}): XtermAdapter {
  const listeners = new Set<(data: string) => void>();
  const emit = (data: string) => {
    for (const l of listeners) l(data);
  };
  const sub = term.onData((data) => {
    if (!opts.refuse?.()) emit(data);
  });

  let leaveArmed = false;
  term.attachCustomKeyEventHandler((event) => {
    if (event.type !== 'keydown') return true;
    if (opts.onKey?.(event)) {
      event.preventDefault();
      return false;
    }
    // Ctrl+V pastes, as Ctrl+Shift+V does: left to the browser, whose paste xterm then takes
    // (xterm itself would send ^V, which the shell has no use for).
    if (event.key.toLowerCase() === 'v' && event.ctrlKey && !event.altKey && !event.metaKey) return false;
    if (event.key === 'Escape' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      leaveArmed = true;
      return false;
    }
    if (event.key === 'Tab' && leaveArmed) {
      leaveArmed = false;
      return false; // xterm ignores it; the browser's focus navigation happens
    }
    if (event.key !== 'Shift') leaveArmed = false;
    return true;
  });

  return {
    write(data) {
      term.write(data);
    },
    onData(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    get cols() {
      return term.cols;
    },
    get rows() {
      return term.rows;
    },
    input(data) {
      emit(data);
    },
    text() {
      const buf = term.buffer.active;
      const lines: string[] = [];
      for (let i = 0; i < buf.length; i++) {
        const line = buf.getLine(i);
        if (!line) continue;
        const s = line.translateToString(true);
        // A wrapped line continues the previous one: join it back for readers of the text.
        if (line.isWrapped && lines.length) lines[lines.length - 1] += s;
        else lines.push(s);
      }
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      return lines.join('\n');
    },
    dispose() {
      sub.dispose();
      listeners.clear();
    },
  };
}
