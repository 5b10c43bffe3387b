/**
 * Runs the vi-like editor on a text terminal for one file: switches to the terminal's
 * alternate screen (so the shell's screen comes back afterwards, as with vim), takes every
 * key until the editor quits, and resolves to the text as last written (null if never).
 * This is the command line's ExecContext.edit; the page has its own editor panel.
 */
import type { EditRequest } from '../../../command/contract.ts';
import { KeyParser } from '../../../shell/keys.ts';
import { HOME } from '../../../shell/path.ts';
import { ViEditor } from './vi-editor.ts';
import { ViScreen } from './vi-screen.ts';

/** The terminal the editor draws on and reads keys from. */
export interface ViTerminal {
  write(data: string): void;
  /** Sends every key to `cb` (and to nothing else) until the returned function is called. */
  takeKeys(cb: (data: string) => void): () => void;
  readonly cols: number;
  readonly rows: number;
}

/** The file's name as vim shows it: relative to the home directory when inside it. */
function displayName(path: string): string {
  return path.startsWith(HOME + '/') ? path.slice(HOME.length + 1) : path;
}

/** Edits `request.text` on `terminal`. */
export function runViEditor(terminal: ViTerminal, request: EditRequest): Promise<string | null> {
  return new Promise((resolve) => {
    const editor = new ViEditor(displayName(request.path), request.text, { isNew: request.isNew ?? false, expandTab: /\.ya?ml$/i.test(request.path) });
    const screen = new ViScreen();
    const parser = new KeyParser();
    const draw = (): void => terminal.write(screen.draw(editor, terminal.rows || 24, terminal.cols || 80));
    terminal.write('\x1b[?1049h\x1b[H\x1b[2J');
    draw();
    const release = terminal.takeKeys((data) => {
      for (const key of parser.feed(data)) editor.feed(key);
      if (!editor.result) return draw();
      release();
      terminal.write('\x1b[?1049l');
      resolve(editor.result.saved);
    });
  });
}
