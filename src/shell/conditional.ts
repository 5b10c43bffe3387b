/**
 * Runs `[[ ... ]]`, `(( ... ))` and `for (( ; ; ))`. In `[[ ]]` words are expanded without
 * field splitting or globbing; the right side of `==`, `=` and `!=` is a pattern whose quoted
 * parts match literally, `=~` takes a regular expression (its match fills BASH_REMATCH), and
 * `-eq`/`-lt`... compare the arithmetic values of their sides, as bash does.
 */
import type { ArithFor, CondExpr, Word } from '../shell-grammar/ast.ts';
import { compileGlob, globMatches } from '../command/glob-match.ts';
import { ArithError, evalArith } from '../shell-grammar/arith.ts';
import { ExpansionError, expandString, expandedSource, variableStore, type ExpandEnv } from './expand.ts';
import { AssignError, ReadonlyError, arithScope } from './variables.ts';
import { resolvePath } from './path.ts';

/** Status of `[[ EXPR ]]`: 0 true, 1 false, 2 for an error (after writing its message). */
export async function runConditional(expr: CondExpr, env: ExpandEnv, err: (text: string) => void, trace?: Trace): Promise<number> {
  try {
    return (await evaluate(expr, env, trace)) ? 0 : 1;
  } catch (e) {
    if (e instanceof ExpansionError) throw e;
    if (e instanceof CondError) {
      err(`bash: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

/** Status of `(( EXPR ))`: 0 when its value is not zero, 1 when it is, 1 after an error. */
export async function runArithCommand(source: string, env: ExpandEnv, err: (text: string) => void, trace?: Trace): Promise<number> {
  try {
    trace?.(`(( ${source} ))`);
    return arithValue(await expandedSource(source, env), env) !== 0 ? 0 : 1;
  } catch (e) {
    if (!(e instanceof CondError)) throw e;
    err(`bash: ${e.plain ? '' : '((: '}${e.message}\n`);
    return 1;
  }
}

/**
 * `for (( INIT; COND; STEP ))`: `body` runs while COND (empty: true) is not zero; `stop` says
 * when the loop must end (break, Ctrl-C). Returns the last body status.
 */
export async function runArithFor(
  c: ArithFor,
  env: ExpandEnv,
  body: () => Promise<number>,
  stop: () => Promise<boolean>,
  err: (text: string) => void,
  trace: () => Promise<Trace | undefined> = async () => undefined,
): Promise<number> {
  let status = 0;
  try {
    const value = async (source: string): Promise<number> => {
      (await trace())?.(`(( ${source.trim()} ))`);
      return arithValue(await expandedSource(source, env), env);
    };
    if (c.init.trim()) await value(c.init);
    while (!c.cond.trim() || (await value(c.cond)) !== 0) {
      status = await body();
      if (await stop()) break;
      if (c.step.trim()) await value(c.step);
    }
  } catch (e) {
    if (!(e instanceof CondError)) throw e;
    err(`bash: ${e.plain ? '' : '((: '}${e.message}\n`);
    return 1;
  }
  return status;
}

/** An error in `[[ ]]` or `(( ))`; `plain` ones (a readonly variable) are not prefixed with `((: `. */
class CondError extends Error {
  readonly plain: boolean;
  constructor(message: string, plain = false) {
    super(message);
    this.plain = plain;
  }
}

function arithValue(source: string, env: ExpandEnv): number {
  try {
    return Number(evalArith(source, arithScope(variableStore(env))));
  } catch (e) {
    if (e instanceof ArithError || e instanceof AssignError) throw new CondError(e.message, e instanceof ReadonlyError);
    throw e;
  }
}

/** `set -x`'s writer for one command (see trace.ts). */
type Trace = (text: string) => void;

/** `trace` shows each test as it runs (`[[ -n a ]]`, `[[ ! 1 -eq 2 ]]`), as bash's `set -x` does; `not` is a `!` before it. */
async function evaluate(e: CondExpr, env: ExpandEnv, trace?: Trace, not = ''): Promise<boolean> {
  switch (e.op) {
    case '&&':
      return (await evaluate(e.left, env, trace)) && (await evaluate(e.right, env, trace));
    case '||':
      return (await evaluate(e.left, env, trace)) || (await evaluate(e.right, env, trace));
    case '!':
      return !(await evaluate(e.expr, env, trace, not + '! '));
    case 'unary': {
      const v = await expandString(e.word, env);
      trace?.(`[[ ${not}${e.test} ${v} ]]`);
      return unary(e.test, v, env);
    }
    case 'binary':
      return binary(e.test, e.left, e.right, env, trace && ((a, b) => trace(`[[ ${not}${a} ${e.test} ${b} ]]`)));
  }
}

function unary(test: string, v: string, env: ExpandEnv): boolean {
  if (test === '-z') return v === '';
  if (test === '-n') return v !== '';
  if (test === '-v') return Object.prototype.hasOwnProperty.call(env.vars, v);
  const path = resolvePath(env.cwd, v, env.vars.HOME);
  switch (test) {
    case '-e':
    case '-a':
    case '-r':
    case '-w':
      return v !== '' && env.fs.exists(path);
    case '-f':
      return v !== '' && env.fs.exists(path) && !env.fs.isDir(path);
    case '-d':
      return v !== '' && env.fs.isDir(path);
    case '-s':
      return v !== '' && (env.fs.read(path) ?? '') !== '';
    default:
      // Sockets, pipes, terminals, set-uid bits...: the terminal's files have none of them.
      return false;
  }
}

/** A binary test; `trace` (set -x) is shown both sides once expanded, each expanded once. */
async function binary(test: string, left: Word, right: Word, env: ExpandEnv, trace?: (a: string, b: string) => void): Promise<boolean> {
  const a = await expandString(left, env);
  const fold = env.shopts?.has('nocasematch') === true;
  if (test === '==' || test === '=' || test === '!=') {
    // `shopt -s nocasematch`: patterns match whatever the case.
    const pattern = await patternOf(right, env, fold);
    trace?.(a, pattern.text);
    const matched = globMatches(pattern.glob, fold ? a.toLowerCase() : a);
    return test === '!=' ? !matched : matched;
  }
  const b = await expandString(right, env);
  trace?.(a, b);
  switch (test) {
    case '=~':
      return regexMatch(a, b, env, fold);
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '-nt':
    case '-ot':
    case '-ef':
      // The terminal's files carry no times or inodes: only `-ef` of one name can hold.
      return test === '-ef' && a !== '' && a === b && env.fs.exists(resolvePath(env.cwd, a, env.vars.HOME));
  }
  const x = arithValue(a || '0', env);
  const y = arithValue(b || '0', env);
  return { '-eq': x === y, '-ne': x !== y, '-lt': x < y, '-le': x <= y, '-gt': x > y, '-ge': x >= y }[test] ?? false;
}

/** The pattern a word stands for: unquoted text (and unquoted expansions) may hold wildcards. */
async function patternOf(word: Word, env: ExpandEnv, fold = false): Promise<{ glob: ReturnType<typeof compileGlob>; text: string }> {
  let text = '';
  const wild: boolean[] = [];
  for (const part of word) {
    const piece = part.kind === 'lit' ? part.text : await expandString([part], env);
    for (let k = 0; k < piece.length; k++) wild.push(!part.quoted);
    text += piece;
  }
  // `[[ ]]` reads and matches extended patterns whether or not extglob is on, as bash 5.2 does.
  return { glob: compileGlob(fold ? text.toLowerCase() : text, (i) => wild[i] === true, true), text };
}

/** `=~`: an extended regular expression, searched anywhere in the string; 2 (an error) when it does not compile. */
function regexMatch(a: string, source: string, env: ExpandEnv, fold: boolean): boolean {
  let re: RegExp;
  try {
    re = new RegExp(source, fold ? 'i' : '');
  } catch {
    throw new CondError(`[[: invalid regular expression \`${source}'`);
  }
  const m = re.exec(a);
  if (m) env.vars.BASH_REMATCH = m[0];
  return m !== null;
}
