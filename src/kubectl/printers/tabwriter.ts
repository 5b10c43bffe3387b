/**
 * Go's `text/tabwriter` algorithm (no flags): cells end at tabs, and consecutive lines that
 * have a cell in the same column form a column block whose width is that of its widest
 * cell plus padding. A line without that column ends the block, which is why every
 * `describe` section aligns on its own.
 */

interface Cell {
  text: string;
  width: number;
}

function runeWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Formats tab-separated `text` like a Go tabwriter with the given minwidth and padding. */
export function tabwrite(text: string, minwidth: number, padding: number): string {
  const trailingNewline = text.endsWith('\n');
  const lines: Cell[][] = (trailingNewline ? text.slice(0, -1) : text)
    .split('\n')
    .map((l) => l.split('\t').map((t) => ({ text: t, width: runeWidth(t) })));
  const widths: number[] = [];
  let out = '';

  const writeLines = (line0: number, line1: number) => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i]!;
      line.forEach((c, j) => {
        out += c.text;
        if (j < widths.length) out += ' '.repeat(Math.max(0, widths[j]! - c.width));
      });
      if (i < lines.length - 1 || trailingNewline) out += '\n';
    }
  };

  const format = (line0: number, line1: number) => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= lines[t]!.length - 1) continue;
      writeLines(line0, t);
      line0 = t;
      let width = minwidth;
      for (; t < line1; t++) {
        const line = lines[t]!;
        if (column >= line.length - 1) break;
        const w = line[column]!.width + padding;
        if (w > width) width = w;
      }
      widths.push(width);
      format(line0, t);
      widths.pop();
      line0 = t;
      t--;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out;
}
