/**
 * `grep`: basic (BRE) or extended (-E) regular expressions, fixed strings (-F), over files or
 * stdin; context lines with -A/-B/-C as GNU grep prints them (`--` between separate groups).
 */
import type { Command } from '../../command/contract.ts';
import { lines, parseArgs, readAll, readInputs } from './util.ts';
import { compileRegex, RegexSyntaxError } from '../regex/compile.ts';
import { Matcher } from '../regex/match.ts';
import { Pattern, RegexInterrupted } from '../regex/pattern.ts';
import { breToJs, escapeFixed, expandClasses } from '../regex/syntax.ts';

export { breToJs };

/** What grep needs of a pattern: does a line match, and which texts match (for -o). */
interface LineMatcher {
  test(line: string): boolean | Promise<boolean>;
  all(line: string): string[] | Promise<string[]>;
}

/**
 * The pattern as a matcher. Patterns run on the linear-time engine (regex/), so no pattern
 * can stall the terminal; only back-references (`\(a\)\1`), which no linear-time engine
 * matches, run on the backtracking one, in slices that `pause` separates (Ctrl-C stops it).
 */
function lineMatcher(source: string, ignoreCase: boolean, word: boolean, pause: () => Promise<boolean>): LineMatcher {
  const pattern = new Pattern(source, { ignoreCase, word });
  if (pattern.backrefs) {
    return {
      test: (line) => pattern.test(line, pause),
      async all(line) {
        const out: string[] = [];
        for (let pos = 0; pos <= line.length; ) {
          const span = await pattern.exec(line, pos, pause);
          if (!span) break;
          out.push(line.slice(span[0], span[1]));
          pos = span[1]! > span[0]! ? span[1]! : span[0]! + 1;
        }
        return out;
      },
    };
  }
  const m = new Matcher(compileRegex(source, ignoreCase, word));
  return {
    test: (line) => m.test(line),
    all(line) {
      const out: string[] = [];
      for (let pos = 0; pos <= line.length; ) {
        const span = m.exec(line, pos);
        if (!span) break;
        out.push(line.slice(span.start, span.end));
        pos = span.end > span.start ? span.end : span.start + 1;
      }
      return out;
    },
  };
}

export const grep: Command = async (args, ctx) => {
  const p = parseArgs('grep', args, {
    bool: 'ivcnEFwoqlLhHsx',
    value: 'eABCm',
    long: { 'regexp=': 'e', 'max-count=': 'm', 'after-context=': 'A', 'before-context=': 'B', 'context=': 'C', 'ignore-case': 'i', 'invert-match': 'v', count: 'c', 'line-number': 'n', 'extended-regexp': 'E', 'fixed-strings': 'F', quiet: 'q', silent: 'q', 'word-regexp': 'w', 'only-matching': 'o', 'files-with-matches': 'l', 'line-regexp': 'x' },
  }, ctx);
  if (!p) return 2;
  const f = p.flags;
  let operands = p.operands;
  let patterns: string[];
  if (f.has('e')) patterns = p.repeated.get('e') ?? [f.get('e') as string];
  else {
    if (!operands.length) {
      ctx.stderr("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
      return 2;
    }
    patterns = [operands[0]!];
    operands = operands.slice(1);
  }
  // Every -e, and every line of a pattern, is one more pattern: a line matches if any does.
  patterns = patterns.flatMap((pat) => pat.split('\n'));
  const one = (pat: string) => expandClasses(f.has('F') ? escapeFixed(pat) : f.has('E') ? pat : breToJs(pat));
  let source = patterns.length === 1 ? one(patterns[0]!) : patterns.map((pat) => `(?:${one(pat)})`).join('|');
  if (f.has('x')) source = `^(?:${source})$`;
  let re: LineMatcher;
  try {
    re = lineMatcher(source, f.has('i'), f.has('w'), () => ctx.sleep(0));
  } catch (e) {
    ctx.stderr(e instanceof RegexSyntaxError ? `grep: ${e.message}\n` : 'grep: Invalid regular expression\n');
    return 2;
  }
  try {
    return await search(re, f, operands, ctx);
  } catch (e) {
    if (e instanceof RegexInterrupted) return 130;
    throw e;
  }
};

/** Prints what grep prints for the inputs; resolves to grep's status. */
async function search(re: LineMatcher, f: Map<string, string | true>, operands: string[], ctx: Parameters<Command>[1]): Promise<number> {
  const context = contextCounts(f, ctx);
  if (!context) return 2;
  // -m NUM: stop reading a file after NUM selected lines.
  const maxText = f.get('m');
  if (maxText !== undefined && (typeof maxText !== 'string' || !/^-?\d+$/.test(maxText))) {
    ctx.stderr('grep: invalid max count\n');
    return 2;
  }
  const max = typeof maxText === 'string' && Number(maxText) >= 0 ? Number(maxText) : undefined;
  // Standard input is read a line at a time as it arrives (`kubectl get pods -w | grep web`).
  const streamed = ctx.input && !operands.length ? ctx.input : undefined;
  const stdin = streamed ? '' : ctx.input && operands.includes('-') ? await readAll(ctx.input) : ctx.stdin;
  const { inputs, failed } = streamed ? { inputs: [{ name: '(standard input)', text: '' }], failed: false } : readInputs('grep', operands, { ...ctx, stdin });
  const withName = f.has('H') || (operands.length > 1 && !f.has('h'));
  let matched = false;
  const useContext = (context.after > 0 || context.before > 0) && !f.has('c') && !f.has('l') && !f.has('L') && !f.has('o');
  /** Index of the last line printed, across files, for GNU's `--` group separator. */
  let lastPrinted = -2;
  let printedAny = false;
  for (const input of inputs) {
    let count = 0;
    const prefix = withName ? `${input.name}:` : '';
    const ctxPrefix = withName ? `${input.name}-` : '';
    const ls = streamed ? [] : lines(input.text);
    /** Whether line `n` exists, reading it from the stream when it has not arrived yet. */
    const has = async (n: number): Promise<boolean> => {
      while (streamed && ls.length <= n) {
        const l = await streamed.readLine();
        if (l === null) return false;
        ls.push(l.endsWith('\n') ? l.slice(0, -1) : l);
      }
      return n < ls.length;
    };
    let afterLeft = 0;
    lastPrinted = -2;
    const print = (n: number, hit: boolean): void => {
      if (useContext && printedAny && lastPrinted !== n - 1) ctx.stdout('--\n');
      const num = f.has('n') ? `${n + 1}${hit ? ':' : '-'}` : '';
      ctx.stdout(`${hit ? prefix : ctxPrefix}${num}${ls[n]}\n`);
      lastPrinted = n;
      printedAny = true;
    };
    for (let n = 0; (max === undefined || count < max) && (await has(n)); n++) {
      const line = ls[n]!;
      const hit = (await re.test(line)) !== f.has('v');
      if (!hit) {
        if (useContext && afterLeft > 0) {
          afterLeft--;
          print(n, false);
        }
        continue;
      }
      count++;
      matched = true;
      if (f.has('q')) return 0;
      if (f.has('c') || f.has('l') || f.has('L')) continue;
      if (f.has('o') && !f.has('v')) {
        const num = f.has('n') ? `${n + 1}:` : '';
        for (const m of await re.all(line)) if (m) ctx.stdout(`${prefix}${num}${m}\n`);
        continue;
      }
      if (useContext) for (let b = Math.max(lastPrinted + 1, n - context.before); b < n; b++) print(b, false);
      print(n, true);
      afterLeft = context.after;
    }
    if (f.has('c')) ctx.stdout(`${prefix}${count}\n`);
    if (f.has('l') && count) ctx.stdout(`${input.name}\n`);
    if (f.has('L') && !count) ctx.stdout(`${input.name}\n`);
  }
  if (failed && !f.has('s')) return 2;
  return matched ? 0 : 1;
}

/** Lines of context after and before each match, from -A, -B and -C (-C sets both). */
function contextCounts(f: Map<string, string | true>, ctx: Parameters<Command>[1]): { after: number; before: number } | undefined {
  const read = (flag: string): number | undefined | null => {
    const v = f.get(flag);
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !/^\d+$/.test(v)) {
      ctx.stderr(`grep: ${String(v)}: invalid context length argument\n`);
      return null;
    }
    return Number(v);
  };
  const both = read('C');
  const after = read('A');
  const before = read('B');
  if (both === null || after === null || before === null) return undefined;
  return { after: after ?? both ?? 0, before: before ?? both ?? 0 };
}
