/**
 * Go `text/tabwriter` as kubectl configures it for tables: minwidth 6, padding 3, space
 * padding, and RememberWidths (a column never shrinks between flushes, so `get -w` rows
 * widen a column only from the row that needs it). Every cell but the last of a row is padded
 * to its column width; the last cell is written as is (no trailing spaces unless it is empty
 * and an earlier cell was padded).
 */

const ASCII = /^[\x00-\x7f]*$/;

/** Width of a string in terminal columns (runes, as Go counts them). */
function width(s: string): number {
  if (ASCII.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class TableWriter {
  private widths: number[] = [];
  private minWidth: number;
  private padding: number;

  constructor(minWidth = 6, padding = 3) {
    this.minWidth = minWidth;
    this.padding = padding;
  }

  /** Lays out `rows` (one flush) and returns the text, each row ending in a newline. */
  flush(rows: string[][]): string {
    for (const row of rows) {
      for (let i = 0; i < row.length - 1; i++) {
        const w = Math.max(this.minWidth, width(row[i]!) + this.padding);
        if (w > (this.widths[i] ?? 0)) this.widths[i] = w;
      }
    }
    let out = '';
    for (const row of rows) {
      let line = '';
      for (let i = 0; i < row.length; i++) {
        const cell = row[i]!;
        line += i < row.length - 1 ? cell + ' '.repeat(this.widths[i]! - width(cell)) : cell;
      }
      out += line + '\n';
    }
    return out;
  }
}

/** One-shot layout of a whole table. */
export function formatTable(rows: string[][], minWidth = 6, padding = 3): string {
  return new TableWriter(minWidth, padding).flush(rows);
}

/** kubectl cuts a cell at the first line break and appends `...` (tableprinter). */
export function cleanCell(s: string): string {
  const i = s.search(/[\n\r\f]/);
  return i < 0 ? s : s.slice(0, i) + '...';
}
