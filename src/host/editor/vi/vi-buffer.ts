/**
 * The text of the vi-like editor and the edits its normal and insert modes make: lines, the
 * cursor, the unnamed register, undo, word motions, deleting, putting and joining lines.
 * ViEditor (vi-editor.ts) adds the modes, the keys and the `:` commands on top.
 */

interface Snapshot {
  lines: string[];
  row: number;
  col: number;
}

/** The bytes of `s` in UTF-8 (vim's `B` count). */
export function bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Lines, cursor and the edits on them. */
export class ViBuffer {
  lines: string[] = [''];
  row = 0;
  col = 0;
  /** The bottom line's message (vim's), until the next key. */
  message = '';
  protected register: { lines: string[]; linewise: boolean } | undefined;
  protected readonly undo: Snapshot[] = [];

  protected snapshot(): void {
    this.undo.push({ lines: [...this.lines], row: this.row, col: this.col });
    if (this.undo.length > 200) this.undo.shift();
  }

  protected get line(): string {
    return this.lines[this.row]!;
  }

  protected clampCol(insert = false): void {
    const max = Math.max(0, this.line.length - (insert ? 0 : 1));
    this.col = Math.min(Math.max(0, this.col), max);
  }

  protected moveRow(to: number): void {
    this.row = Math.min(Math.max(0, to), this.lines.length - 1);
    this.clampCol();
  }

  protected wordForward(): void {
    const rest = this.line.slice(this.col);
    const m = /^(\w+|[^\w\s]+)?\s*/.exec(rest)!;
    if (m[0].length < rest.length) this.col += Math.max(1, m[0].length);
    else if (this.row < this.lines.length - 1) {
      this.row++;
      this.col = /^\s*/.exec(this.line)![0].length;
    }
    this.clampCol();
  }

  protected wordBack(): void {
    if (this.col === 0 && this.row > 0) {
      this.row--;
      this.col = this.line.length;
    }
    const before = this.line.slice(0, this.col);
    const m = /(\w+|[^\w\s]+)\s*$/.exec(before);
    this.col = m ? m.index : 0;
  }

  protected deleteChars(n: number): void {
    if (!this.line.length) return;
    this.snapshot();
    this.register = { lines: [this.line.slice(this.col, this.col + n)], linewise: false };
    this.lines[this.row] = this.line.slice(0, this.col) + this.line.slice(this.col + n);
    this.clampCol();
  }

  protected deleteLines(n: number): void {
    this.snapshot();
    const taken = this.lines.splice(this.row, n);
    this.register = { lines: taken, linewise: true };
    if (!this.lines.length) this.lines.push('');
    if (taken.length >= 3) this.message = `${taken.length} fewer lines`;
    this.moveRow(this.row);
    this.col = /^\s*/.exec(this.line)![0].length;
    this.clampCol();
  }

  protected put(before: boolean): void {
    const r = this.register;
    if (!r) return;
    this.snapshot();
    if (r.linewise) {
      const at = before ? this.row : this.row + 1;
      this.lines.splice(at, 0, ...r.lines);
      this.row = at;
      this.col = /^\s*/.exec(this.line)![0].length;
      if (r.lines.length >= 3) this.message = `${r.lines.length} more lines`;
    } else {
      const at = before || !this.line.length ? this.col : this.col + 1;
      this.lines[this.row] = this.line.slice(0, at) + r.lines[0] + this.line.slice(at);
      this.col = at + r.lines[0]!.length - 1;
    }
    this.clampCol();
  }

  protected joinLines(n: number): void {
    if (this.row >= this.lines.length - 1) return;
    this.snapshot();
    for (let i = 1; i < n && this.row < this.lines.length - 1; i++) {
      const next = this.lines.splice(this.row + 1, 1)[0]!.replace(/^\s+/, '');
      this.col = this.line.replace(/\s+$/, '').length;
      this.lines[this.row] = this.line.replace(/\s+$/, '') + (next ? ' ' + next : '');
    }
  }

  protected undoChange(): void {
    const s = this.undo.pop();
    if (!s) {
      this.message = 'Already at oldest change';
      return;
    }
    this.lines = s.lines;
    this.row = s.row;
    this.col = s.col;
    this.clampCol();
  }

  protected insertText(text: string): void {
    const parts = text.split('\n');
    const head = this.line.slice(0, this.col);
    const tail = this.line.slice(this.col);
    if (parts.length === 1) {
      this.lines[this.row] = head + text + tail;
      this.col += text.length;
      return;
    }
    const inserted = [head + parts[0], ...parts.slice(1, -1), parts[parts.length - 1]! + tail];
    this.lines.splice(this.row, 1, ...inserted);
    this.row += parts.length - 1;
    this.col = parts[parts.length - 1]!.length;
  }

  /** Backspace, Delete and the cursor keys in insert mode. */
  protected insertModeKey(name: string): void {
    switch (name) {
      case 'backspace':
        if (this.col > 0) {
          this.lines[this.row] = this.line.slice(0, this.col - 1) + this.line.slice(this.col);
          this.col--;
        } else if (this.row > 0) {
          const cur = this.lines.splice(this.row, 1)[0]!;
          this.row--;
          this.col = this.line.length;
          this.lines[this.row] = this.line + cur;
        }
        return;
      case 'delete':
        if (this.col < this.line.length) this.lines[this.row] = this.line.slice(0, this.col) + this.line.slice(this.col + 1);
        else if (this.row < this.lines.length - 1) this.lines[this.row] = this.line + this.lines.splice(this.row + 1, 1)[0]!;
        return;
      case 'left':
        this.col = Math.max(0, this.col - 1);
        return;
      case 'right':
        this.col = Math.min(this.line.length, this.col + 1);
        return;
      case 'up':
        this.row = Math.max(0, this.row - 1);
        this.clampCol(true);
        return;
      case 'down':
        this.row = Math.min(this.lines.length - 1, this.row + 1);
        this.clampCol(true);
        return;
      case 'home':
        this.col = 0;
        return;
      case 'end':
        this.col = this.line.length;
        return;
    }
  }
}
