/**
 * `xargs [OPTION]... [COMMAND [ARG]...]`: runs COMMAND (default `echo`) with the words of its
 * input as arguments, as GNU findutils 4.9 does: `-n N` words per run, `-L N` lines per run,
 * `-I R` one run per line with R replaced, `-0` / `-d C` delimiters, `-r`, `-t`; `-P` is accepted
 * and runs one at a time.
 */
import type { Command, ExecContext } from '../../command/contract.ts';

const TRY = "Try 'xargs --help' for more information.\n";

/** The words of `text` as xargs splits them by default: blanks and newlines, with quotes and backslashes. */
function words(text: string): string[] | string {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      const nl = text.indexOf('\n', i + 1);
      if (end < 0 || (nl >= 0 && nl < end))
        return `xargs: unmatched ${c === "'" ? 'single' : 'double'} quote; by default quotes are special to xargs unless you use the -0 option\n`;
      cur += text.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      cur += text[++i];
      inWord = true;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

export const xargs: Command = async (args, ctx) => {
  let maxArgs = 0;
  let maxLines = 0;
  let replace: string | undefined;
  let delim: string | undefined;
  let noEmpty = false;
  let trace = false;
  let i = 0;
  const need = (opt: string): string | undefined => {
    const a = args[i]!;
    if (a.length > 2) return a.slice(2);
    const v = args[++i];
    if (v === undefined) ctx.stderr(`xargs: option requires an argument -- '${opt}'\n${TRY}`);
    return v;
  };
  const count = (opt: string, v: string): number | undefined => {
    const n = Number(v);
    if (!/^\d+$/.test(v)) {
      ctx.stderr(`xargs: invalid number "${v}" for -${opt} option\n${TRY}`);
      return undefined;
    }
    if (n < 1) {
      ctx.stderr(`xargs: value ${v} for -${opt} option should be >= 1\n${TRY}`);
      return undefined;
    }
    return n;
  };
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      const [name, value] = a.includes('=') ? [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a.slice(2), undefined];
      if (name === 'null') delim = '\0';
      else if (name === 'no-run-if-empty') noEmpty = true;
      else if (name === 'verbose') trace = true;
      else if (name === 'max-args' && value !== undefined) {
        const n = count('n', value);
        if (n === undefined) return 1;
        maxArgs = n;
      } else if (name === 'delimiter' && value !== undefined) delim = value;
      else if (name === 'replace') replace = value ?? '{}';
      else if (name === 'max-procs' && value !== undefined) void 0;
      else {
        ctx.stderr(`xargs: unrecognized option '${a}'\n${TRY}`);
        return 1;
      }
      continue;
    }
    const o = a[1]!;
    if (o === '0') delim = '\0';
    else if (o === 'r') noEmpty = true;
    else if (o === 't') trace = true;
    else if (o === 'x' || o === 'p') void 0;
    else if (o === 'n' || o === 'L' || o === 'P' || o === 's' || o === 'I' || o === 'd' || o === 'E') {
      const v = need(o);
      if (v === undefined) return 1;
      if (o === 'I') replace = v;
      else if (o === 'd') delim = v === '\\n' ? '\n' : v === '\\t' ? '\t' : v[0]!;
      else if (o === 'n' || o === 'L') {
        const n = count(o, v);
        if (n === undefined) return 1;
        if (o === 'n') maxArgs = n;
        else maxLines = n;
      }
    } else {
      ctx.stderr(`xargs: invalid option -- '${o}'\n${TRY}`);
      return 1;
    }
  }
  const command = args.slice(i);
  if (!command.length) command.push('echo');
  if (!ctx.shell) {
    ctx.stderr('xargs: cannot run commands here\n');
    return 1;
  }
  // Input items: whole lines for -I and -L, delimited pieces for -0 / -d, words otherwise.
  let items: string[];
  let groups: string[][];
  if (delim !== undefined) {
    items = ctx.stdin.split(delim);
    if (items[items.length - 1] === '') items.pop();
    groups = chunk(items, replace !== undefined ? 1 : maxArgs);
  } else if (replace !== undefined) {
    items = ctx.stdin
      .split('\n')
      .map((l) => l.replace(/^[ \t]+/, ''))
      .filter((l) => l !== '');
    groups = items.map((l) => [l]);
  } else if (maxLines) {
    const lines: string[][] = [];
    for (const l of ctx.stdin.split('\n')) {
      const w = words(l);
      if (typeof w === 'string') return fail(w, ctx);
      if (w.length) lines.push(w);
    }
    groups = chunk(lines, maxLines).map((g) => g.flat());
  } else {
    const w = words(ctx.stdin);
    if (typeof w === 'string') return fail(w, ctx);
    groups = chunk(w, maxArgs);
  }
  if (!groups.length && !noEmpty && replace === undefined) groups = [[]];
  let status = 0;
  for (const g of groups) {
    const argv = replace !== undefined ? command.map((w) => w.replaceAll(replace!, g[0]!)) : [...command, ...g];
    if (trace) ctx.stderr(argv.join(' ') + '\n');
    let notFound = false;
    const child: ExecContext = {
      ...ctx,
      stdin: '',
      stderr: (t) => {
        if (t === `bash: ${argv[0]}: command not found\n`) notFound = true;
        else ctx.stderr(t);
      },
    };
    const code = await ctx.shell.runArgv(argv, child);
    if (ctx.interrupt.interrupted) return 130;
    if (notFound) {
      ctx.stderr(`xargs: ${argv[0]}: No such file or directory\n`);
      return 127;
    }
    if (code === 255) {
      ctx.stderr(`xargs: ${argv[0]}: exited with status 255; aborting\n`);
      return 124;
    }
    if (code >= 1 && code <= 125) status = 123;
  }
  return status;
};

function fail(msg: string, ctx: ExecContext): number {
  ctx.stderr(msg);
  return 1;
}

/** `list` in runs of `n` (all in one when n is 0). */
function chunk<T>(list: T[], n: number): T[][] {
  if (!list.length) return [];
  if (!n) return [list];
  const out: T[][] = [];
  for (let k = 0; k < list.length; k += n) out.push(list.slice(k, k + n));
  return out;
}
