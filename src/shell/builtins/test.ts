/** `test` / `[ ... ]`: file tests, string and integer comparisons, `!`, `-a`, `-o`, as in bash. */
import type { Command, ExecContext } from '../../command/contract.ts';
import { abs } from './util.ts';

class TestError extends Error {}

const INT = /^\s*-?\d+\s*$/;

function evaluate(args: string[], ctx: ExecContext): boolean {
  let i = 0;
  const or = (): boolean => {
    let v = and();
    while (args[i] === '-o') {
      i++;
      v = and() || v;
    }
    return v;
  };
  const and = (): boolean => {
    let v = not();
    while (args[i] === '-a') {
      i++;
      v = not() && v;
    }
    return v;
  };
  const not = (): boolean => {
    if (args[i] === '!' && i + 1 < args.length) {
      i++;
      return !not();
    }
    return primary();
  };
  const primary = (): boolean => {
    const a = args[i];
    if (a === undefined) throw new TestError('argument expected');
    if (a === '(') {
      i++;
      const v = or();
      if (args[i] !== ')') throw new TestError("')' expected");
      i++;
      return v;
    }
    const op = args[i + 1];
    if (op !== undefined && args[i + 2] !== undefined && /^(=|==|!=|<|>|-eq|-ne|-lt|-le|-gt|-ge)$/.test(op)) {
      const b = args[i + 2]!;
      i += 3;
      if (op.startsWith('-')) {
        if (!INT.test(a)) throw new TestError(`${a}: integer expression expected`);
        if (!INT.test(b)) throw new TestError(`${b}: integer expression expected`);
        const x = Number(a);
        const y = Number(b);
        return { '-eq': x === y, '-ne': x !== y, '-lt': x < y, '-le': x <= y, '-gt': x > y, '-ge': x >= y }[op]!;
      }
      return op === '!=' ? a !== b : op === '<' ? a < b : op === '>' ? a > b : a === b;
    }
    if (/^-[efdsznrwx]$/.test(a) && args[i + 1] !== undefined) {
      const v = args[i + 1]!;
      i += 2;
      const path = abs(ctx, v);
      switch (a) {
        case '-z': return v === '';
        case '-n': return v !== '';
        case '-d': return ctx.fs.isDir(path);
        case '-f': return ctx.fs.exists(path) && !ctx.fs.isDir(path);
        case '-s': return (ctx.fs.read(path) ?? '') !== '';
        default: return ctx.fs.exists(path);
      }
    }
    i++;
    return a !== '';
  };
  if (!args.length) return false;
  const v = or();
  if (i < args.length) throw new TestError(`${args[i]}: unexpected operator`);
  return v;
}

/** Builds `test` (closing = false) or `[` (which requires a final `]`). */
export function createTest(name: 'test' | '['): Command {
  return async (args, ctx) => {
    if (name === '[') {
      if (args[args.length - 1] !== ']') {
        ctx.stderr("bash: [: missing `]'\n");
        return 2;
      }
      args = args.slice(0, -1);
    }
    try {
      return evaluate(args, ctx) ? 0 : 1;
    } catch (e) {
      ctx.stderr(`bash: ${name}: ${(e as Error).message}\n`);
      return 2;
    }
  };
}
