/**
 * `diff [-q] FILE1 FILE2`: GNU diff's normal output (`2c2`, `< old`, `---`, `> new`), exit 0
 * when the files are the same, 1 when they differ, 2 on trouble; `-` is standard input, so
 * `diff <(kubectl get ...) <(kubectl get ...)` and `kubectl get ... | diff - saved.txt` work.
 * Only the normal format is offered (not `-u` or `-c`).
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { changedBlocks } from '../../command/changed-blocks.ts';
import { abs } from './util.ts';

const TRY = "diff: Try 'diff --help' for more information.\n";

/** A line with its newline, if it has one (a last line without one differs from the same text with it). */
type Line = string;

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl + 1;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** `diff`. */
export const diff: Command = async (args, ctx) => {
  let quiet = false;
  const files: string[] = [];
  for (const a of args) {
    if (a === '-q' || a === '--brief') quiet = true;
    else if (a.startsWith('-') && a !== '-') {
      ctx.stderr(a.startsWith('--') ? `diff: unrecognized option '${a}'\n${TRY}` : `diff: invalid option -- '${a[1]}'\n${TRY}`);
      return 2;
    } else files.push(a);
  }
  if (files.length < 2) {
    ctx.stderr(files.length ? `diff: missing operand after '${files[0]}'\n${TRY}` : `diff: missing operand after 'diff'\n${TRY}`);
    return 2;
  }
  if (files.length > 2) {
    ctx.stderr(`diff: extra operand '${files[2]}'\n${TRY}`);
    return 2;
  }
  const texts = files.map((f) => read(f, ctx));
  if (texts.some((t) => t === undefined)) return 2;
  const [a, b] = [linesOf(texts[0]!), linesOf(texts[1]!)];
  if (texts[0] === texts[1]) return 0;
  if (quiet) {
    ctx.stdout(`Files ${files[0]} and ${files[1]} differ\n`);
    return 1;
  }
  ctx.stdout(hunks(a, b));
  return 1;
};

function read(file: string, ctx: ExecContext): string | undefined {
  if (file === '-') return ctx.stdin;
  const path = abs(ctx, file);
  if (ctx.fs.isDir(path)) {
    ctx.stderr(`diff: ${file}: Is a directory\n`);
    return undefined;
  }
  const text = ctx.fs.read(path);
  if (text === undefined) ctx.stderr(`diff: ${file}: No such file or directory\n`);
  return text;
}

/** The normal-format hunks turning `a` into `b`. */
function hunks(a: Line[], b: Line[]): string {
  let out = '';
  for (const c of changedBlocks(a, b)) {
    const [i0, i, j0, j] = [c.at, c.at + c.remove.length, c.atB, c.atB + c.insert.length];
    out += header(i0, i, j0, j) + show(c.remove, '< ') + (c.remove.length && c.insert.length ? '---\n' : '') + show(c.insert, '> ');
  }
  return out;
}

function range(from: number, to: number): string {
  return to - from > 1 ? `${from + 1},${to}` : String(to - from === 1 ? to : from);
}

function header(i0: number, i: number, j0: number, j: number): string {
  if (i === i0) return `${i0}a${range(j0, j)}\n`;
  if (j === j0) return `${range(i0, i)}d${j0}\n`;
  return `${range(i0, i)}c${range(j0, j)}\n`;
}

function show(lines: Line[], mark: string): string {
  return lines.map((l) => (l.endsWith('\n') ? mark + l : `${mark}${l}\n\\ No newline at end of file\n`)).join('');
}
