/**
 * A small vi for text terminals (`npm run sim` on a TTY): the keys people expect from vim
 * with no setup, and vim's own messages. Normal mode: h j k l and the arrows, 0 ^ $, w b,
 * gg G, counts, x X r, dd D yy p P J, i a I A o O, u, ZZ ZQ; insert mode (Escape leaves it,
 * Tab gives two spaces in YAML files, as vim's yaml settings do); `:` commands w q q! wq x,
 * their `a` forms, and `:N` to go to line N. Pure state: keys in, lines and messages out
 * (vi-screen.ts draws it, vi-session.ts connects it to a terminal).
 */
import type { Key } from '../../../shell/keys.ts';
import { bytes, ViBuffer } from './vi-buffer.ts';

export type Mode = 'normal' | 'insert' | 'command';

/** How the editor ended: the text as last written, or null when never written. */
export interface ViResult {
  saved: string | null;
}

const INTERRUPT_HINT = 'Type  :qa!  and press <Enter> to abandon all changes and exit Vim';

/** One file open in the editor. */
export class ViEditor extends ViBuffer {
  mode: Mode = 'normal';
  /** The `:` line being typed. */
  command = '';
  /** Set when the editor has quit. */
  result: ViResult | undefined;
  private pending = '';
  private count = '';
  private saved: string | null = null;
  private writtenText: string;
  private isNew: boolean;

  /** The file's name as the messages give it. */
  readonly name: string;

  constructor(name: string, text: string, opts: { isNew?: boolean; expandTab?: boolean } = {}) {
    super();
    this.name = name;
    this.lines = text === '' ? [''] : text.replace(/\n$/, '').split('\n');
    this.writtenText = text;
    this.isNew = opts.isNew ?? false;
    this.expandTab = opts.expandTab ?? false;
    this.message = this.isNew ? `"${name}" [New]` : `"${name}" ${this.lines.length}L, ${bytes(text)}B`;
  }

  private readonly expandTab: boolean;

  /** The buffer as a file: lines ending in newlines (an empty buffer is an empty file). */
  text(): string {
    return this.lines.length === 1 && this.lines[0] === '' ? '' : this.lines.join('\n') + '\n';
  }

  /** Whether the buffer differs from what was last read or written. */
  get modified(): boolean {
    return this.text() !== this.writtenText;
  }

  /** Handles one key (a text key is handled character by character). */
  feed(key: Key): void {
    if (this.result) return;
    if (key.type === 'paste') {
      if (this.mode === 'insert') this.insertText(key.text.replace(/\r\n?/g, '\n'));
      else if (this.mode === 'command') this.command += key.text.replace(/[\r\n]/g, '');
      return;
    }
    if (key.type === 'text') {
      for (const ch of key.text) this.feedChar(ch);
      return;
    }
    // Escape typed quickly before a letter arrives as alt+letter: it is both.
    const alt = /^alt\+(.)$/.exec(key.name);
    if (alt) {
      this.feedName('escape');
      this.feedChar(alt[1]!);
      return;
    }
    this.feedName(key.name);
  }

  private feedChar(ch: string): void {
    if (this.mode === 'insert') return this.insertText(ch === '\t' && this.expandTab ? '  ' : ch);
    if (this.mode === 'command') {
      this.command += ch;
      return;
    }
    this.normal(ch);
  }

  private feedName(name: string): void {
    if (this.mode === 'command') return this.commandKey(name);
    if (this.mode === 'insert') return this.insertKey(name);
    const map: Record<string, string> = { left: 'h', right: 'l', up: 'k', down: 'j', home: '0', end: '$', backspace: 'h', enter: 'j', delete: 'x' };
    if (name === 'escape') {
      this.pending = '';
      this.count = '';
      return;
    }
    if (name === 'ctrl+c') {
      this.pending = '';
      this.message = INTERRUPT_HINT;
      return;
    }
    if (map[name]) this.normal(map[name]);
  }

  private normal(ch: string): void {
    this.message = '';
    if (this.pending === 'r') {
      this.pending = '';
      if (this.line.length) {
        this.snapshot();
        this.lines[this.row] = this.line.slice(0, this.col) + ch + this.line.slice(this.col + 1);
      }
      return;
    }
    if (/[1-9]/.test(ch) || (ch === '0' && this.count)) {
      this.count += ch;
      return;
    }
    const n = Math.max(1, Number(this.count) || 1);
    const counted = this.count !== '';
    this.count = '';
    const combo = this.pending + ch;
    this.pending = '';
    switch (combo) {
      case 'h':
        this.col = Math.max(0, this.col - n);
        return;
      case 'l':
        this.col += n;
        this.clampCol();
        return;
      case 'j':
        this.moveRow(this.row + n);
        return;
      case 'k':
        this.moveRow(this.row - n);
        return;
      case '0':
        this.col = 0;
        return;
      case '$':
        this.col = Math.max(0, this.line.length - 1);
        return;
      case '^':
        this.col = /^\s*/.exec(this.line)![0].length;
        this.clampCol();
        return;
      case 'w':
        for (let i = 0; i < n; i++) this.wordForward();
        return;
      case 'b':
        for (let i = 0; i < n; i++) this.wordBack();
        return;
      case 'gg':
        this.moveRow(counted ? n - 1 : 0);
        return;
      case 'G':
        this.moveRow(counted ? n - 1 : this.lines.length - 1);
        return;
      case 'x':
        return this.deleteChars(n);
      case 'X':
        if (this.col > 0) {
          this.snapshot();
          const from = Math.max(0, this.col - n);
          this.lines[this.row] = this.line.slice(0, from) + this.line.slice(this.col);
          this.col = from;
        }
        return;
      case 'D':
        this.snapshot();
        this.lines[this.row] = this.line.slice(0, this.col);
        this.clampCol();
        return;
      case 'dd':
        return this.deleteLines(n);
      case 'yy':
      case 'Y':
        this.register = { lines: this.lines.slice(this.row, this.row + n), linewise: true };
        return;
      case 'p':
      case 'P':
        return this.put(ch === 'P');
      case 'J':
        return this.joinLines(Math.max(2, n));
      case 'u':
        return this.undoChange();
      case 'i':
        return this.startInsert(this.col);
      case 'a':
        return this.startInsert(this.line.length ? this.col + 1 : 0);
      case 'I':
        return this.startInsert(/^\s*/.exec(this.line)![0].length);
      case 'A':
        return this.startInsert(this.line.length);
      case 'o':
      case 'O': {
        this.snapshot();
        const at = ch === 'o' ? this.row + 1 : this.row;
        this.lines.splice(at, 0, '');
        this.row = at;
        this.col = 0;
        this.mode = 'insert';
        return;
      }
      case ':':
        this.mode = 'command';
        this.command = '';
        return;
      case 'ZZ':
        return this.exCommand('x');
      case 'ZQ':
        return this.exCommand('q!');
      case 'g':
      case 'd':
      case 'y':
      case 'Z':
      case 'r':
        this.pending = combo;
        if (counted) this.count = String(n);
        return;
      default:
        return;
    }
  }

  private startInsert(col: number): void {
    this.snapshot();
    this.mode = 'insert';
    this.col = col;
    this.clampCol(true);
  }

  private insertKey(name: string): void {
    switch (name) {
      case 'escape':
      case 'ctrl+c':
      case 'ctrl+[':
        this.mode = 'normal';
        this.col = Math.max(0, this.col - 1);
        this.clampCol();
        return;
      case 'enter':
        return this.insertText('\n');
      case 'tab':
        return this.insertText(this.expandTab ? '  ' : '\t');
      default:
        return this.insertModeKey(name);
    }
  }

  private commandKey(name: string): void {
    if (name === 'enter') {
      this.mode = 'normal';
      this.exCommand(this.command.trim());
    } else if (name === 'escape' || name === 'ctrl+c') {
      this.mode = 'normal';
      this.command = '';
    } else if (name === 'backspace') {
      if (!this.command) this.mode = 'normal';
      this.command = this.command.slice(0, -1);
    }
  }

  private write(): void {
    const text = this.text();
    const lines = text === '' ? 0 : this.lines.length;
    this.message = `"${this.name}" ${this.isNew ? '[New] ' : ''}${lines}L, ${bytes(text)}B written`;
    this.saved = text;
    this.writtenText = text;
    this.isNew = false;
  }

  private exCommand(cmd: string): void {
    this.message = '';
    if (/^\d+$/.test(cmd)) return this.moveRow(Number(cmd) - 1);
    const m = /^(w|q|wq|x|wqa|wqall|xa|xall|qa|qall|wa|exit)(!?)$/.exec(cmd);
    if (!m) {
      if (cmd) this.message = `E492: Not an editor command: ${cmd}`;
      return;
    }
    const [, name, bang] = m;
    const writes = name!.startsWith('w') || name!.startsWith('x') || name === 'exit';
    const quits = name !== 'w' && name !== 'wa';
    // `:x` and `ZZ` write only a changed buffer; `:w` and `:wq` always write.
    if (writes && (name!.startsWith('x') || name === 'exit' ? this.modified : true)) this.write();
    if (!quits) return;
    if (!writes && !bang && this.modified) {
      this.message = 'E37: No write since last change (add ! to override)';
      return;
    }
    this.result = { saved: this.saved };
  }
}
