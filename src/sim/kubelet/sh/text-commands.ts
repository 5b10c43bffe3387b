/** Text output commands of the busybox shell: echo and printf (with their escapes). */
import type { CommandContext } from './commands.ts';

function escapes(s: string): { text: string; stop: boolean } {
  let stop = false;
  const text = s.replace(/\\(c|n|t|r|\\|a|b|e|f|v|0[0-7]{0,3})/g, (_m, e: string) => {
    if (stop) return '';
    if (e === 'c') {
      stop = true;
      return '';
    }
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };
    return map[e] ?? String.fromCharCode(parseInt(e.slice(1) || '0', 8));
  });
  return { text, stop };
}

/** dash's builtin echo: `-n` is its only option, and backslash escapes are always interpreted. */
function dashEcho(ctx: CommandContext): number {
  const args = [...ctx.args];
  const newline = args[0] !== '-n';
  if (!newline) args.shift();
  const r = escapes(args.join(' '));
  ctx.out(r.text + (newline && !r.stop ? '\n' : ''));
  return 0;
}

/** echo: busybox's (and coreutils') with -n, -e, -E; dash's when the shell is dash. */
export function* echo(ctx: CommandContext) {
  if (ctx.shell.dialect.echo === 'dash') return dashEcho(ctx);
  let newline = true;
  let interpret = false;
  const args = [...ctx.args];
  while (args[0] && /^-[neE]+$/.test(args[0])) {
    const f = args.shift()!;
    if (f.includes('n')) newline = false;
    if (f.includes('e')) interpret = true;
    if (f.includes('E')) interpret = false;
  }
  let text = args.join(' ');
  if (interpret) {
    const r = escapes(text);
    text = r.text;
    if (r.stop) newline = false;
  }
  ctx.out(text + (newline ? '\n' : ''));
  return 0;
}

export function* printf(ctx: CommandContext) {
  const [fmt, ...args] = ctx.args;
  if (fmt === undefined) {
    ctx.err('printf: usage: printf FORMAT [ARGUMENT...]\n');
    return 1;
  }
  let out = '';
  let k = 0;
  do {
    out += escapes(fmt).text.replace(/%(-?\d*)(?:\.(\d+))?([sdifxXoc%])/g, (_m, width: string, prec: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      const a = args[k++] ?? '';
      let v: string;
      if (conv === 's') v = prec !== undefined ? a.slice(0, Number(prec)) : a;
      else if (conv === 'c') v = a.slice(0, 1);
      else if (conv === 'f') v = (Number(a) || 0).toFixed(prec !== undefined ? Number(prec) : 6);
      else if (conv === 'x' || conv === 'X') v = (Number.parseInt(a, 10) || 0).toString(16)[conv === 'X' ? 'toUpperCase' : 'toLowerCase']();
      else if (conv === 'o') v = (Number.parseInt(a, 10) || 0).toString(8);
      else v = String(Number.parseInt(a, 10) || 0);
      const w = Number(width);
      return width.startsWith('-') ? v.padEnd(-w) : v.padStart(w || 0);
    });
  } while (k > 0 && k < args.length);
  ctx.out(out);
  return 0;
}

