/** Text builtins loaded on first use: printf, wc, head, tail, sort, uniq, cut, tr (echo lives in echo.ts). */
import type { Command } from '../../command/contract.ts';
import { unescapeAnsiC } from '../../shell-grammar/ansi-c.ts';
import { lines, parseArgs, readAll, readInputs, unlines } from './util.ts';
import { shellState } from '../shell-access.ts';
import { ArithError, evalArith } from '../../shell-grammar/arith.ts';
import { AssignError, ReadonlyError, arithScope, assign } from '../variables.ts';

/** Widths and precisions past this are cut to it: a terminal line of a mebibyte is already more than anyone reads. */
const MAX_FIELD = 1 << 20;
/** bash reads widths and precisions as C ints; a larger one makes the conversion print nothing. */
const INT_MAX = 2 ** 31 - 1;

/** `n` in fixed notation with `prec` digits after the point, for any precision (toFixed stops at 100). */
export function fixed(n: number, prec: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'nan' : n > 0 ? 'inf' : '-inf';
  if (prec <= 100) return n.toFixed(prec);
  // Past 100 digits a double's expansion is exact in the first 100 for every value printed here
  // (integers and short decimals); the rest are the zeros bash prints for them.
  return n.toFixed(100) + '0'.repeat(prec - 100);
}

const PRINTF_USAGE = 'printf: usage: printf [-v var] format [arguments]\n';

/**
 * `printf [-v VAR] FORMAT [ARG]...`: %s %d %i %f %x %o %c %b %%, widths and `-` flags; the
 * format repeats for extra args. With `-v`, the text goes into VAR (or `VAR[SUB]`) instead.
 */
export const printf: Command = async (args, ctx) => {
  if (args[0] !== '-v') return format(args, ctx);
  const target = args[1];
  if (target === undefined) {
    ctx.stderr(`bash: printf: -v: option requires an argument\n${PRINTF_USAGE}`);
    return 2;
  }
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/s.exec(target);
  const state = shellState(ctx);
  if (!m || !state) {
    ctx.stderr(`bash: printf: \`${target}': not a valid identifier\n`);
    return 2;
  }
  let text = '';
  const status = await format(args.slice(2), { ...ctx, stdout: (t) => (text += t) });
  if (args.length === 2) return status;
  try {
    const store = state.variables;
    const key = m[2] === undefined ? undefined : store.arrays.get(m[1]!)?.assoc ? m[2] : Number(evalArith(m[2] || '0', arithScope(store)));
    assign(store, { name: m[1]!, key }, text);
  } catch (e) {
    if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
    ctx.stderr(`bash: ${e instanceof ReadonlyError ? '' : 'printf: '}${e.message}\n`);
    return 1;
  }
  return status;
};

/** printf's formatting, writing to ctx.stdout. */
const format: Command = async (args, ctx) => {
  if (!args.length) {
    ctx.stderr(PRINTF_USAGE);
    return 2;
  }
  const format = args[0]!;
  const rest = args.slice(1);
  let out = '';
  let k = 0;
  do {
    let used = false;
    out += unescapeAnsiC(format).replace(/%([-0 +#]*)(\d*)(?:\.(\d+))?([sdifxXocb%])/g, (_m, flags: string, width: string, prec: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      used = true;
      const arg = rest[k++] ?? '';
      if (Number(width || 0) > INT_MAX || Number(prec ?? 0) > INT_MAX) return '';
      const precision = prec === undefined ? undefined : Math.min(Number(prec), MAX_FIELD);
      let s: string;
      switch (conv) {
        case 'd':
        case 'i':
          s = String(Math.trunc(Number(arg) || 0));
          break;
        case 'f':
          s = fixed(Number(arg) || 0, precision ?? 6);
          break;
        case 'x':
          s = (Math.trunc(Number(arg)) || 0).toString(16);
          break;
        case 'X':
          s = (Math.trunc(Number(arg)) || 0).toString(16).toUpperCase();
          break;
        case 'o':
          s = (Math.trunc(Number(arg)) || 0).toString(8);
          break;
        case 'c':
          s = arg.slice(0, 1);
          break;
        case 'b':
          s = unescapeAnsiC(arg);
          break;
        default:
          s = precision === undefined ? arg : arg.slice(0, precision);
      }
      const w = Math.min(Number(width || 0), MAX_FIELD);
      return flags.includes('-') ? s.padEnd(w) : s.padStart(w, flags.includes('0') && conv !== 's' ? '0' : ' ');
    });
    if (!used) break;
  } while (k < rest.length);
  ctx.stdout(out);
  return 0;
};

export const wc: Command = async (args, ctx) => {
  const p = parseArgs('wc', args, { bool: 'lwcm', long: { lines: 'l', words: 'w', bytes: 'c', chars: 'm' } }, ctx);
  if (!p) return 1;
  const { inputs, failed } = readInputs('wc', p.operands, ctx);
  let which = ['l', 'w', 'c'].filter((c) => p.flags.has(c) || (c === 'c' && p.flags.has('m')));
  if (!which.length) which = ['l', 'w', 'c'];
  const counts = inputs.map((i) => ({
    name: p.operands.length ? i.name : '',
    l: (i.text.match(/\n/g) ?? []).length,
    w: i.text.split(/\s+/).filter(Boolean).length,
    c: utf8Length(i.text),
  }));
  if (counts.length > 1) counts.push({ name: 'total', l: sum(counts, 'l'), w: sum(counts, 'w'), c: sum(counts, 'c') });
  const fromStdin = !p.operands.length;
  // GNU wc: one count of one input is unpadded; otherwise stdin pads to 7 and files to the
  // width of the total byte count.
  const total = counts[counts.length - 1];
  const width = which.length === 1 && inputs.length === 1 ? 1 : fromStdin ? 7 : String(total?.c ?? 0).length;
  for (const c of counts) {
    const cells = which.map((k) => String(c[k as 'l' | 'w' | 'c']).padStart(width));
    ctx.stdout(cells.join(' ') + (c.name ? ' ' + c.name : '') + '\n');
  }
  return failed ? 1 : 0;
};

function sum(rows: { l: number; w: number; c: number }[], k: 'l' | 'w' | 'c'): number {
  return rows.reduce((a, r) => a + r[k], 0);
}

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** head and tail: `-n N` (tail also `-n +N`), `-N`, `-c N`. */
function headOrTail(cmd: 'head' | 'tail'): Command {
  return async (args, ctx) => {
    const p = parseArgs(cmd, args, { bool: 'qvf', value: 'nc', long: { 'lines=': 'n', 'bytes=': 'c' }, numericShorthand: 'n' }, ctx);
    if (!p) return 1;
    const spec = String(p.flags.get('n') ?? '10');
    const fromStart = cmd === 'tail' && spec.startsWith('+');
    const n = Number(spec.replace(/^[+-]/, ''));
    if (!Number.isInteger(n)) {
      ctx.stderr(`${cmd}: invalid number of lines: '${spec}'\n`);
      return 1;
    }
    if (cmd === 'head' && ctx.input && !p.operands.length && !p.flags.has('c') && !spec.startsWith('-')) {
      // Lines are passed on as they arrive; with the last one taken, head stops reading (SIGPIPE for the writer).
      for (let k = 0; k < n; k++) {
        const line = await ctx.input.readLine();
        if (line === null) break;
        ctx.stdout(line);
      }
      ctx.input.close();
      return 0;
    }
    const usesStdin = !p.operands.length || p.operands.includes('-');
    const stdin = ctx.input && usesStdin ? await readAll(ctx.input) : ctx.stdin;
    const { inputs, failed } = readInputs(cmd, p.operands, { ...ctx, stdin }, (name, why) => `${cmd}: cannot open '${name}' for reading: ${why}\n`);
    inputs.forEach((input, idx) => {
      if (inputs.length > 1) ctx.stdout(`${idx ? '\n' : ''}==> ${input.name} <==\n`);
      if (p.flags.has('c')) {
        const c = Number(p.flags.get('c'));
        ctx.stdout(cmd === 'head' ? input.text.slice(0, c) : input.text.slice(Math.max(0, input.text.length - c)));
        return;
      }
      const ls = lines(input.text);
      const negative = cmd === 'head' && spec.startsWith('-');
      const picked = cmd === 'head' ? (negative ? ls.slice(0, Math.max(0, ls.length - n)) : ls.slice(0, n)) : fromStart ? ls.slice(Math.max(0, n - 1)) : n === 0 ? [] : ls.slice(-n);
      let out = unlines(picked);
      const lastTaken = cmd === 'tail' || picked.length === ls.length;
      if (lastTaken && out && !input.text.endsWith('\n')) out = out.slice(0, -1);
      ctx.stdout(out);
    });
    return failed ? 1 : 0;
  };
}

export const head = headOrTail('head');
export const tail = headOrTail('tail');

export const sort: Command = async (args, ctx) => {
  const p = parseArgs('sort', args, { bool: 'rnufbh', value: 'kt', long: { reverse: 'r', 'numeric-sort': 'n', unique: 'u', 'ignore-case': 'f' } }, ctx);
  if (!p) return 2;
  const { inputs, failed } = readInputs('sort', p.operands, ctx, (name, why) => `sort: cannot read: ${name}: ${why}\n`);
  if (failed) return 2;
  const sep = p.flags.get('t') as string | undefined;
  const field = p.flags.has('k') ? parseInt(String(p.flags.get('k')), 10) : 0;
  const keyOf = (line: string): string => {
    if (!field) return line;
    const parts = sep ? line.split(sep) : line.trim().split(/\s+/);
    return parts.slice(field - 1).join(sep ?? ' ');
  };
  const numeric = p.flags.has('n') || p.flags.has('h');
  const fold = p.flags.has('f');
  const cmp = (a: string, b: string): number => {
    let ka = keyOf(a);
    let kb = keyOf(b);
    if (numeric) {
      const d = numberOf(ka) - numberOf(kb);
      if (d) return d;
    }
    if (fold) {
      ka = ka.toUpperCase();
      kb = kb.toUpperCase();
    }
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
  let ls = inputs.flatMap((i) => lines(i.text));
  ls.sort((a, b) => cmp(a, b) || (a < b ? -1 : a > b ? 1 : 0));
  if (p.flags.has('r')) ls.reverse();
  if (p.flags.has('u')) ls = ls.filter((l, i) => i === 0 || cmp(ls[i - 1]!, l) !== 0);
  ctx.stdout(unlines(ls));
  return 0;
};

function numberOf(s: string): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)([KMGTP]i?)?/.exec(s);
  if (!m) return 0;
  const scale: Record<string, number> = { K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4, Pi: 1024 ** 5 };
  return Number(m[1]) * (m[2] ? (scale[m[2]] ?? 1) : 1);
}

export const uniq: Command = async (args, ctx) => {
  const p = parseArgs('uniq', args, { bool: 'cdui', long: { count: 'c', repeated: 'd', unique: 'u', 'ignore-case': 'i' } }, ctx);
  if (!p) return 1;
  const { inputs, failed } = readInputs('uniq', p.operands.slice(0, 1), ctx);
  if (failed) return 1;
  const groups: { line: string; n: number }[] = [];
  const same = (a: string, b: string): boolean => (p.flags.has('i') ? a.toLowerCase() === b.toLowerCase() : a === b);
  for (const l of lines(inputs[0]?.text ?? '')) {
    const last = groups[groups.length - 1];
    if (last && same(last.line, l)) last.n++;
    else groups.push({ line: l, n: 1 });
  }
  for (const g of groups) {
    if (p.flags.has('d') && g.n < 2) continue;
    if (p.flags.has('u') && g.n > 1) continue;
    ctx.stdout(p.flags.has('c') ? `${String(g.n).padStart(7)} ${g.line}\n` : `${g.line}\n`);
  }
  return 0;
};

/** Parses a cut list such as `1,3-4,6-` into a membership test on 1-based positions. */
function parseList(spec: string): ((n: number) => boolean) | undefined {
  const ranges: [number, number][] = [];
  for (const part of spec.split(',')) {
    const m = /^(\d*)(-?)(\d*)$/.exec(part);
    if (!m || (!m[1] && !m[3]) || (m[1] === '0')) return undefined;
    const lo = m[1] ? Number(m[1]) : 1;
    const hi = m[2] ? (m[3] ? Number(m[3]) : Infinity) : lo;
    ranges.push([lo, hi]);
  }
  return (n) => ranges.some(([lo, hi]) => n >= lo && n <= hi);
}

export const cut: Command = async (args, ctx) => {
  const p = parseArgs('cut', args, { bool: 's', value: 'dfcb', long: { 'delimiter=': 'd', 'fields=': 'f', 'characters=': 'c' } }, ctx);
  if (!p) return 1;
  const spec = (p.flags.get('f') ?? p.flags.get('c') ?? p.flags.get('b')) as string | undefined;
  if (spec === undefined) {
    ctx.stderr("cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n");
    return 1;
  }
  const inList = parseList(spec);
  if (!inList) {
    ctx.stderr(`cut: invalid field value '${spec}'\nTry 'cut --help' for more information.\n`);
    return 1;
  }
  const delim = (p.flags.get('d') as string | undefined) ?? '\t';
  if (delim.length !== 1) {
    ctx.stderr("cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n");
    return 1;
  }
  const { inputs, failed } = readInputs('cut', p.operands, ctx);
  for (const input of inputs) {
    for (const l of lines(input.text)) {
      if (!p.flags.has('f')) {
        ctx.stdout([...l].filter((_c, i) => inList(i + 1)).join('') + '\n');
        continue;
      }
      if (!l.includes(delim)) {
        if (!p.flags.has('s')) ctx.stdout(l + '\n');
        continue;
      }
      ctx.stdout(l.split(delim).filter((_f, i) => inList(i + 1)).join(delim) + '\n');
    }
  }
  return failed ? 1 : 0;
};

/** Expands a tr set: ranges `a-z`, escapes `\n`, classes `[:upper:]`. */
function trSet(s: string): string[] {
  s = s.replace(/\[:(alpha|digit|alnum|upper|lower|space):\]/g, (_m, c: string) => ({ alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: ' \t\n\r\f\v' })[c] ?? '');
  const chars = [...unescapeAnsiC(s)];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      const from = chars[i]!.codePointAt(0)!;
      const to = chars[i + 2]!.codePointAt(0)!;
      for (let c = from; c <= to; c++) out.push(String.fromCodePoint(c));
      i += 2;
    } else out.push(chars[i]!);
  }
  return out;
}

export const tr: Command = async (args, ctx) => {
  const p = parseArgs('tr', args, { bool: 'dsc' }, ctx);
  if (!p) return 1;
  const [a, b] = p.operands;
  if (a === undefined || (b === undefined && !p.flags.has('d') && !p.flags.has('s'))) {
    ctx.stderr(`tr: missing operand${a === undefined ? '' : ` after '${a}'`}\nTry 'tr --help' for more information.\n`);
    return 1;
  }
  const from = trSet(a);
  const to = b === undefined ? [] : trSet(b);
  let out = '';
  let prev = '';
  for (const ch of ctx.stdin) {
    const k = from.indexOf(ch);
    let c = ch;
    if (p.flags.has('d')) {
      if (k >= 0) continue;
    } else if (k >= 0 && to.length) c = to[Math.min(k, to.length - 1)]!;
    if (p.flags.has('s') && c === prev && (to.length ? to : from).includes(c)) continue;
    out += c;
    prev = c;
  }
  ctx.stdout(out);
  return 0;
};
