/** awk's built-in functions: strings (length, substr, index, split, sub, gsub, match, sprintf, case), arithmetic, system, close. */
import type { Expr } from './parser.ts';
import type { Interpreter } from './interp.ts';
import { AwkRuntimeError, sprintf, StrNum, toNum, toStr, UNINIT, type Val } from './values.ts';

const pause = (it: Interpreter) => (): Promise<boolean> => it.ctx.sleep(0);

/** Calls builtin `name` with unevaluated `args` (sub, gsub and split need their lvalues). */
export async function callBuiltin(it: Interpreter, name: string, args: Expr[]): Promise<Val> {
  const str = async (k: number): Promise<string> => toStr(await it.eval(args[k]!), it.conv);
  const num = async (k: number): Promise<number> => toNum(await it.eval(args[k]!));
  switch (name) {
    case 'length': {
      if (!args.length) return it.record0.length;
      const a = args[0]!;
      if (a.t === 'var' && it.globals.get(a.name) instanceof Map) return (it.globals.get(a.name) as Map<string, Val>).size;
      return (await str(0)).length;
    }
    case 'substr': {
      const s = await str(0);
      let m = Math.round(await num(1));
      let n = args.length > 2 ? Math.round(await num(2)) : Infinity;
      if (Number.isNaN(m)) m = 1;
      if (Number.isNaN(n)) n = 0;
      let start = m;
      let end = m + n;
      if (start < 1) start = 1;
      if (end > s.length + 1) end = s.length + 1;
      return end > start ? s.slice(start - 1, end - 1) : '';
    }
    case 'index': {
      const s = await str(0);
      return s.indexOf(await str(1)) + 1;
    }
    case 'split': {
      const s = await str(0);
      const arr = it.arrayArg(args[1]);
      let pieces: string[];
      if (args[2]?.t === 're') pieces = it.splitFields(s, args[2].src.length === 1 ? `[${args[2].src}]` : args[2].src);
      else pieces = it.splitFields(s, args.length > 2 ? await str(2) : it.fieldSeparator);
      arr.clear();
      pieces.forEach((p, k) => arr.set(String(k + 1), new StrNum(p)));
      return pieces.length;
    }
    case 'sub':
    case 'gsub': {
      const re = await it.regexOf(args[0]!);
      const repl = await str(1);
      const target: Expr = args[2] ?? { t: 'field', e: { t: 'num', v: 0 } };
      if (target.t !== 'var' && target.t !== 'field' && target.t !== 'index') throw new AwkRuntimeError(`line 1: ${name}: third argument is not a variable`);
      const s = toStr(await it.eval(target), it.conv);
      let out = '';
      let pos = 0;
      let count = 0;
      for (let from = 0; from <= s.length;) {
        const m = await re.exec(s, from, pause(it));
        if (!m) break;
        const [a, b] = [m[0]!, m[1]!];
        out += s.slice(pos, a) + replacement(repl, s.slice(a, b));
        count++;
        if (b === a) {
          out += s.slice(a, a + 1);
          pos = from = a + 1;
        } else pos = from = b;
        if (name === 'sub') break;
      }
      if (!count) return 0;
      out += s.slice(pos);
      await assignTo(it, target, out);
      return count;
    }
    case 'match': {
      const s = await str(0);
      const m = await (await it.regexOf(args[1]!)).exec(s, 0, pause(it));
      it.globals.set('RSTART', m ? m[0]! + 1 : 0);
      it.globals.set('RLENGTH', m ? m[1]! - m[0]! : -1);
      return m ? m[0]! + 1 : 0;
    }
    case 'sprintf': {
      if (!args.length) return '';
      const vals: Val[] = [];
      for (const a of args) vals.push(await it.eval(a));
      return sprintf(toStr(vals[0]!, it.conv), vals.slice(1), it.conv);
    }
    case 'tolower':
      return (await str(0)).toLowerCase();
    case 'toupper':
      return (await str(0)).toUpperCase();
    case 'int':
      return Math.trunc(await num(0));
    case 'sqrt':
      return Math.sqrt(await num(0));
    case 'exp':
      return Math.exp(await num(0));
    case 'log':
      return Math.log(await num(0));
    case 'sin':
      return Math.sin(await num(0));
    case 'cos':
      return Math.cos(await num(0));
    case 'atan2':
      return Math.atan2(await num(0), await num(1));
    case 'rand': {
      // A fixed-seed generator, as awk's rand() without srand(): the same numbers every run.
      it.randState = (it.randState * 1103515245 + 12345) % 2147483648;
      return it.randState / 2147483648;
    }
    case 'srand': {
      const prev = it.randSeed;
      it.randSeed = args.length ? await num(0) : 0;
      it.randState = Math.abs(Math.trunc(it.randSeed)) % 2147483648;
      return prev;
    }
    case 'system':
      return it.system(await str(0));
    case 'close':
      return it.close(await str(0));
    case 'fflush':
      return 0;
  }
  return UNINIT;
}

/** sub/gsub's replacement: `&` is the match, `\&` a literal ampersand. */
function replacement(repl: string, matched: string): string {
  let out = '';
  for (let k = 0; k < repl.length; k++) {
    const c = repl[k]!;
    if (c === '\\' && (repl[k + 1] === '&' || repl[k + 1] === '\\')) out += repl[++k];
    else if (c === '&') out += matched;
    else out += c;
  }
  return out;
}

async function assignTo(it: Interpreter, target: Expr, v: string): Promise<void> {
  let key: string | undefined;
  if (target.t === 'field') key = String(Math.trunc(toNum(await it.eval(target.e))));
  else if (target.t === 'index') {
    const parts: string[] = [];
    for (const s of target.subs) parts.push(toStr(await it.eval(s), it.conv));
    key = parts.join(toStr(it.globals.get('SUBSEP') as Val));
  }
  it.assign(target, v, key);
}
