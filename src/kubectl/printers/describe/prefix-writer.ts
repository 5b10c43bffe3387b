/**
 * kubectl describe's PrefixWriter: each write is indented by two spaces per level, and the
 * whole text goes through a tabwriter (minwidth 0, tabwidth 8, padding 2) at the end.
 */
import { tabwrite } from '../tabwriter.ts';

export class PrefixWriter {
  private buf = '';

  /** Writes `text` (tab-separated cells) at `level` (0 = no indent). */
  write(level: number, text: string): void {
    this.buf += '  '.repeat(level) + text;
  }

  /** Writes a line with no indentation handling (already formatted). */
  raw(text: string): void {
    this.buf += text;
  }

  /** The aligned output. */
  toString(): string {
    return tabwrite(this.buf, 0, 2);
  }
}
