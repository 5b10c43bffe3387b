/**
 * Draws a ViEditor on a text terminal of `rows` x `cols`: the lines from the editor's scroll
 * position (long lines cut at the screen's edge, scrolled sideways to keep the cursor in
 * view), `~` past the end of the file, and the bottom line (the `:` command, `-- INSERT --`
 * or vim's last message); then puts the terminal's cursor on the editor's.
 */
import type { ViEditor } from './vi-editor.ts';

const TAB = 8;

/** The screen column of character `col` of `line` (tabs expanded). */
function screenCol(line: string, col: number): number {
  let x = 0;
  for (let i = 0; i < col && i < line.length; i++) x = line[i] === '\t' ? (Math.floor(x / TAB) + 1) * TAB : x + 1;
  return x;
}

/** `line` with tabs expanded and control characters shown as `^X`, as vim shows them. */
function shown(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(TAB - (out.length % TAB));
    else if (ch < ' ' || ch === '\x7f') out += '^' + String.fromCharCode(ch.charCodeAt(0) ^ 0x40);
    else out += ch;
  }
  return out;
}

/** The editor's view: which line and column the screen starts at. */
export class ViScreen {
  private top = 0;
  private left = 0;

  /** The whole screen as terminal output. */
  draw(ed: ViEditor, rows: number, cols: number): string {
    const height = Math.max(1, rows - 1);
    if (ed.row < this.top) this.top = ed.row;
    if (ed.row >= this.top + height) this.top = ed.row - height + 1;
    const cursorX = screenCol(ed.lines[ed.row]!, ed.col);
    if (cursorX < this.left) this.left = cursorX;
    if (cursorX >= this.left + cols) this.left = cursorX - cols + 1;
    let out = '\x1b[?25l\x1b[H';
    for (let r = 0; r < height; r++) {
      const i = this.top + r;
      const text = i < ed.lines.length ? shown(ed.lines[i]!).slice(this.left, this.left + cols) : '\x1b[1;34m~\x1b[0m';
      out += `\x1b[${r + 1};1H\x1b[2K${text}`;
    }
    const bottom =
      ed.mode === 'command'
        ? `:${ed.command}`
        : ed.mode === 'insert' && !ed.message
          ? '\x1b[1m-- INSERT --\x1b[0m'
          : ed.message.startsWith('E')
            ? `\x1b[97;41m${ed.message}\x1b[0m`
            : ed.message;
    out += `\x1b[${rows};1H\x1b[2K${bottom.length > cols + 20 ? bottom.slice(0, cols) : bottom}`;
    if (ed.mode === 'command') out += `\x1b[${rows};${Math.min(cols, ed.command.length + 2)}H`;
    else out += `\x1b[${ed.row - this.top + 1};${cursorX - this.left + 1}H`;
    return out + '\x1b[?25h';
  }
}
