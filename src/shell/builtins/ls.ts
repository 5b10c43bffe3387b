/** `ls` over the terminal's files: names in columns (or one per line when piped), `-l`, `-a`, `-1`. */
import type { Command, ExecContext } from '../../command/contract.ts';
import { abs, parseArgs } from './util.ts';

/**
 * Builds `ls`. `now` gives the time shown by `-l` (the files carry no times of their own, so
 * they all show the current cluster time).
 */
export function createLs(now: () => number): Command {
  return async (args, ctx) => {
    const p = parseArgs('ls', args, { bool: 'laA1hFdrR', long: { all: 'a', 'almost-all': 'A' } }, ctx);
    if (!p) return 2;
    const all = p.flags.has('a');
    const almost = p.flags.has('A');
    const long = p.flags.has('l');
    const classify = p.flags.has('F');
    const operands = p.operands.length ? p.operands : ['.'];
    const files: string[] = [];
    const dirs: string[] = [];
    let status = 0;
    for (const name of operands) {
      const path = abs(ctx, name);
      if (!ctx.fs.exists(path)) {
        ctx.stderr(`ls: cannot access '${name}': No such file or directory\n`);
        status = 2;
      } else if (ctx.fs.isDir(path) && !p.flags.has('d')) dirs.push(name);
      else files.push(name);
    }
    const entry = (name: string, path: string): Entry => {
      const dir = ctx.fs.isDir(path);
      return { name: name + (classify && dir ? '/' : ''), dir, size: dir ? 4096 : (ctx.fs.read(path) ?? '').length };
    };
    const blocks: string[] = [];
    if (files.length) blocks.push(render(files.map((f) => entry(f, abs(ctx, f))), long, false, ctx, now));
    for (const d of dirs) {
      const path = abs(ctx, d);
      let names = ctx.fs.list(path).map((e) => (e.endsWith('/') ? e.slice(0, -1) : e));
      if (all) names = ['.', '..', ...names];
      else if (!almost) names = names.filter((n) => !n.startsWith('.'));
      const entries = names.map((n) => entry(n, n === '.' ? path : n === '..' ? abs(ctx, d + '/..') : (path === '/' ? '' : path) + '/' + n));
      if (p.flags.has('r')) entries.reverse();
      const header = operands.length > 1 ? `${d}:\n` : '';
      blocks.push(header + render(entries, long, true, ctx, now));
    }
    ctx.stdout(blocks.filter((b) => b !== '').join('\n'));
    return status;
  };
}

interface Entry {
  name: string;
  dir: boolean;
  size: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function render(entries: Entry[], long: boolean, total: boolean, ctx: ExecContext, now: () => number): string {
  if (long) {
    const d = new Date(now());
    const stamp = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const width = Math.max(1, ...entries.map((e) => String(e.size).length));
    const blocks = entries.reduce((n, e) => n + (e.dir ? 4 : Math.ceil(e.size / 4096) * 4), 0);
    const rows = entries.map((e) => `${e.dir ? 'drwxr-xr-x 2' : '-rw-r--r-- 1'} learner learner ${String(e.size).padStart(width)} ${stamp} ${e.name}`);
    return (total ? `total ${blocks}\n` : '') + rows.map((r) => r + '\n').join('');
  }
  if (!entries.length) return '';
  const names = entries.map((e) => e.name);
  return ctx.isTTY ? columns(names, ctx.cols) : names.map((n) => n + '\n').join('');
}

/** Lays names out in columns down-then-across, as `ls` does on a terminal of `cols` columns. */
export function columns(names: string[], cols: number): string {
  const widest = Math.max(...names.map((n) => n.length));
  if (widest + 2 > cols) return names.map((n) => n + '\n').join('');
  for (let rows = 1; rows <= names.length; rows++) {
    const ncols = Math.ceil(names.length / rows);
    const widths: number[] = [];
    for (let c = 0; c < ncols; c++) widths.push(Math.max(...names.slice(c * rows, (c + 1) * rows).map((n) => n.length)));
    const total = widths.reduce((a, w) => a + w + 2, 0) - 2;
    if (total > cols && rows < names.length) continue;
    let out = '';
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let c = 0; c < ncols; c++) {
        const n = names[c * rows + r];
        if (n !== undefined) cells.push(n);
      }
      out += cells.map((n, c) => (c < cells.length - 1 ? n.padEnd(widths[c]! + 2) : n)).join('') + '\n';
    }
    return out;
  }
  return names.map((n) => n + '\n').join('');
}
