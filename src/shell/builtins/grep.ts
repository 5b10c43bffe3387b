/** `grep`: basic (BRE) or extended (-E) regular expressions, fixed strings (-F), over files or stdin. */
import type { Command } from '../exec.ts';
import { lines, parseArgs, readInputs } from './util.ts';

/**
 * Turns a POSIX basic regular expression into a JavaScript one: in BRE, `+ ? | ( ) { }` are
 * literal and their backslashed forms are the operators (GNU extension), the reverse of ERE.
 */
export function breToJs(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const n = pattern[++i]!;
      out += '+?|(){}'.includes(n) ? n : '\\' + n;
    } else if ('+?|(){}'.includes(c)) out += '\\' + c;
    else if (c === '[') {
      const end = bracketEnd(pattern, i);
      out += pattern.slice(i, end + 1);
      i = end;
    } else out += c;
  }
  return out;
}

/** Index of the `]` closing the bracket expression starting at `start` (`[]a]`, `[^]a]` allowed). */
function bracketEnd(p: string, start: number): number {
  let i = start + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++;
  for (; i < p.length; i++) {
    if (p[i] === '[' && p[i + 1] === ':') {
      const close = p.indexOf(':]', i + 2);
      if (close > 0) i = close + 1;
    } else if (p[i] === ']') return i;
  }
  return p.length - 1;
}

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v', blank: ' \\t', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f',
};

export const grep: Command = async (args, ctx) => {
  const p = parseArgs('grep', args, {
    bool: 'ivcnEFwoqlLhHsx',
    value: 'e',
    long: { 'ignore-case': 'i', 'invert-match': 'v', count: 'c', 'line-number': 'n', 'extended-regexp': 'E', 'fixed-strings': 'F', quiet: 'q', silent: 'q', 'word-regexp': 'w', 'only-matching': 'o', 'files-with-matches': 'l', 'line-regexp': 'x' },
  }, ctx);
  if (!p) return 2;
  const f = p.flags;
  let operands = p.operands;
  let pattern: string;
  if (f.has('e')) pattern = f.get('e') as string;
  else {
    if (!operands.length) {
      ctx.stderr("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
      return 2;
    }
    pattern = operands[0]!;
    operands = operands.slice(1);
  }
  let source = f.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : f.has('E') ? pattern : breToJs(pattern);
  source = source.replace(/\[:([a-z]+):\]/g, (all, name: string) => CLASSES[name] ?? all);
  if (f.has('w')) source = `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
  if (f.has('x')) source = `^(?:${source})$`;
  let re: RegExp;
  try {
    re = new RegExp(source, f.has('i') ? 'gi' : 'g');
  } catch {
    ctx.stderr(`grep: Invalid regular expression\n`);
    return 2;
  }
  const { inputs, failed } = readInputs('grep', operands, ctx);
  const withName = f.has('H') || (operands.length > 1 && !f.has('h'));
  let matched = false;
  for (const input of inputs) {
    let count = 0;
    const prefix = withName ? `${input.name}:` : '';
    const ls = lines(input.text);
    for (let n = 0; n < ls.length; n++) {
      const line = ls[n]!;
      re.lastIndex = 0;
      const hit = re.test(line);
      if (hit === f.has('v')) continue;
      count++;
      matched = true;
      if (f.has('q')) return 0;
      if (f.has('c') || f.has('l') || f.has('L')) continue;
      const num = f.has('n') ? `${n + 1}:` : '';
      if (f.has('o') && !f.has('v')) {
        re.lastIndex = 0;
        for (const m of line.matchAll(re)) if (m[0]) ctx.stdout(`${prefix}${num}${m[0]}\n`);
      } else ctx.stdout(`${prefix}${num}${line}\n`);
    }
    if (f.has('c')) ctx.stdout(`${prefix}${count}\n`);
    if (f.has('l') && count) ctx.stdout(`${input.name}\n`);
    if (f.has('L') && !count) ctx.stdout(`${input.name}\n`);
  }
  if (failed && !f.has('s')) return 2;
  return matched ? 0 : 1;
};
