/**
 * A Terminal for tests: records everything written and keeps a minimal screen model (text,
 * line wrap, CR/LF, cursor up/right, clear to end / whole screen) so that tests can assert
 * what a learner would see, not escape sequences.
 */
import type { Terminal } from './terminal.ts';

export class FakeTerminal implements Terminal {
  readonly cols: number;
  readonly rows: number;
  /** Everything written, raw. */
  written = '';
  private lines: string[] = [''];
  private row = 0;
  private col = 0;
  private listeners = new Set<(data: string) => void>();

  constructor(cols = 80, rows = 24) {
    this.cols = cols;
    this.rows = rows;
  }

  write(data: string): void {
    this.written += data;
    for (let i = 0; i < data.length; i++) {
      const c = data[i]!;
      if (c === '\x1b') {
        const m = /^\x1b\[([0-9;?]*)([A-Za-z~])/.exec(data.slice(i));
        if (!m) continue;
        i += m[0].length - 1;
        this.csi(m[1]!, m[2]!);
      } else if (c === '\r') this.col = 0;
      else if (c === '\n') this.down();
      else if (c === '\x07') continue;
      else this.put(c);
    }
  }

  onData(cb: (data: string) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Sends keyboard input to the shell, as xterm's onData would. */
  type(data: string): void {
    for (const l of [...this.listeners]) l(data);
  }

  /** The screen's text, trailing blanks trimmed per line and trailing empty lines dropped. */
  screen(): string {
    const ls = this.lines.map((l) => l.replace(/\s+$/, ''));
    while (ls.length && ls[ls.length - 1] === '') ls.pop();
    return ls.join('\n');
  }

  /** Cursor position on the screen model. */
  cursor(): { row: number; col: number } {
    return { row: this.row, col: this.col };
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  private put(c: string): void {
    if (this.col >= this.cols) {
      this.down();
      this.col = 0;
    }
    const line = this.lines[this.row]!.padEnd(this.col);
    this.lines[this.row] = line.slice(0, this.col) + c + line.slice(this.col + 1);
    this.col++;
  }

  private down(): void {
    this.row++;
    while (this.lines.length <= this.row) this.lines.push('');
  }

  private csi(params: string, final: string): void {
    const n = Number(params.split(';')[0] || 1);
    if (final === 'A') this.row = Math.max(0, this.row - n);
    else if (final === 'C') this.col = Math.min(this.cols - 1, this.col + n);
    else if (final === 'D') this.col = Math.max(0, this.col - n);
    else if (final === 'J' && params === '2') {
      this.lines = this.lines.map(() => '');
    } else if (final === 'J') {
      this.lines[this.row] = this.lines[this.row]!.slice(0, this.col);
      this.lines.length = this.row + 1;
    } else if (final === 'H') {
      this.lines = [''];
      this.row = 0;
      this.col = 0;
    }
  }
}
