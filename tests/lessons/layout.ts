/**
 * Checks on the output blocks a lesson shows that the cell-by-cell comparison cannot make:
 * - `tableLayoutProblems`: a table in a lesson must be laid out as kubectl lays out its cells
 *   (Go tabwriter, minwidth 6, padding 3), so a hand-edited row or header cannot drift out of
 *   its columns while its cells still compare equal;
 * - `markDurations`: in a table with both DURATION and AGE (Jobs), a DURATION equal to the
 *   row's AGE becomes `<=AGE>` before ages are normalised away, so a lesson that shows a
 *   finished-looking duration where kubectl shows the age (a failed Job) no longer compares
 *   equal to the simulator's output, and the other way round.
 */
import { formatTable, TableWriter } from '../../src/kubectl/printers/table-writer.ts';

/** A kubectl table header at column 0: upper-case column names two or more spaces apart. */
const HEADER = /^[A-Z][A-Z0-9()/_.-]*(?: [A-Z0-9()/_.-]+)*(?: {2,}[A-Z][A-Z0-9()/_.-]*(?: [A-Z0-9()/_.-]+)*)+$/;

interface Table {
  /** Index of the header line in the block. */
  start: number;
  lines: string[];
}

function tables(text: string): Table[] {
  const lines = text.split('\n');
  const out: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!HEADER.test(lines[i]!.trimEnd())) continue;
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() !== '' && !HEADER.test(lines[j]!.trimEnd())) j++;
    out.push({ start: i, lines: lines.slice(i, j).map((l) => l.trimEnd()) });
    i = j - 1;
  }
  return out;
}

const cells = (line: string): string[] => line.trim().split(/ {2,}/);

/**
 * The layouts kubectl gives these cells: `get` tables in one flush and as `get -w` prints them
 * (a column only widens), and the plainer writer of `rollout history` (no minimum width,
 * padding 2).
 */
function layouts(rows: string[][]): string[][] {
  const once = formatTable(rows).split('\n').slice(0, -1);
  // `get -w` flushes the first list (header and the rows of the moment) at once, then one row
  // per change: try every split.
  const watched: string[][] = [];
  for (let k = 1; k < rows.length; k++) {
    const writer = new TableWriter();
    const text = writer.flush(rows.slice(0, k)) + rows.slice(k).map((r) => writer.flush([r])).join('');
    watched.push(text.split('\n').slice(0, -1));
  }
  const history = formatTable(rows, 0, 2).split('\n').slice(0, -1);
  return [once, history, ...watched].map((layout) => layout.map((l) => l.trimEnd()));
}

/**
 * For each table in `text` whose rows are not where kubectl would print them, a message with
 * the table's first line (1-based, counted from `firstLine`) and the layout kubectl gives.
 */
export function tableLayoutProblems(text: string, firstLine = 1): string[] {
  const problems: string[] = [];
  for (const t of tables(text)) {
    const rows = t.lines.map(cells);
    // A row with fewer cells than the header holds an empty cell: the text cannot say where.
    if (rows.some((r) => r.length !== rows[0]!.length)) continue;
    const candidates = layouts(rows);
    if (candidates.some((c) => c.join('\n') === t.lines.join('\n'))) continue;
    problems.push(`line ${firstLine + t.start}: table columns are not aligned as kubectl aligns them; expected:\n${candidates[0]!.join('\n')}`);
  }
  return problems;
}

/** Replaces each DURATION cell equal to its row's AGE with `<=AGE>` (see the module comment). */
export function markDurations(text: string): string {
  const lines = text.split('\n');
  for (const t of tables(text)) {
    const header = cells(t.lines[0]!);
    const d = header.indexOf('DURATION');
    const a = header.indexOf('AGE');
    if (d < 0 || a < 0) continue;
    for (let k = 1; k < t.lines.length; k++) {
      const row = cells(t.lines[k]!);
      if (row.length !== header.length || row[d] !== row[a]) continue;
      row[d] = '<=AGE>';
      lines[t.start + k] = row.join('   ');
    }
  }
  return lines.join('\n');
}
