/**
 * Compound commands: `{ }`, `( )`, `if`, `for`, `while`/`until`, `case`, `[[ ]]` and `(( ))`
 * (conditional.ts). Their redirections
 * apply to everything inside; the commands inside share one input, so `while read line` reads
 * the loop's input a line at a time.
 */
import type { CaseClause, Compound } from '../shell-grammar/ast.ts';
import { compileGlob, globMatches } from '../command/glob-match.ts';
import { ExpansionError, LineEndingExpansionError, OutOfMemoryError, expandString, expandWord } from './expand.ts';
import { ShellInput } from './input.ts';
import { runArithCommand, runArithFor, runConditional } from './conditional.ts';
import { BrokenPipe } from './pipe-buffer.ts';
import { applyRedirect, type Sink } from './redirect.ts';
import type { RunIO, Shell } from './shell.ts';
import { assign } from './variables.ts';
import { inline, raw } from './print.ts';
import { tracer } from './trace.ts';

/** Loop iterations between two yields to the host, so `while true` stays interruptible. */
const YIELD_EVERY = 32;
/**
 * Without a way to yield to the host nothing (not even Ctrl-C) can reach a busy loop, so such
 * a shell stops a loop after this many iterations.
 */
export const LOOP_LIMIT_WITHOUT_YIELD = 100_000;

/** Runs compound command `c` in `sh` with `input`, writing to `out` and `err`. */
export async function runCompound(sh: Shell, c: Compound, input: ShellInput, out: Sink, err: Sink, io: RunIO, toTerminal: boolean): Promise<number> {
  const env = sh.expandEnv(io);
  const flushes: (() => void)[] = [];
  try {
    const fds: Sink[] = [() => {}, out, err];
    for (const r of c.redirects) {
      const res = await applyRedirect(r, fds, env, flushes, sh.fsView);
      if (typeof res === 'number') return res;
      if (res !== undefined) input = ShellInput.of(res);
    }
    const inner: RunIO = {
      interrupt: io.interrupt,
      stdin: input,
      write: (t, s) => (s === 'stdout' ? fds[1]! : fds[2]!)(t),
      toTerminal: toTerminal && fds[1] === out,
    };
    if (c.kind === 'group') return await sh.execute(c.body, inner);
    if (c.kind === 'subshell') {
      sh.noteCommand(() => `( ${inline(c.body)} )`);
      return await sh.fork().execute(c.body, inner);
    }
    if (c.kind === 'if') {
      for (const b of c.branches) {
        const cond = await sh.condition(b.cond, inner);
        if (io.interrupt.interrupted || sh.loopControl || sh.unwinding) return cond;
        if (cond === 0) return await sh.execute(b.body, inner);
      }
      return c.otherwise ? await sh.execute(c.otherwise, inner) : 0;
    }
    if (c.kind === 'case') return await runCase(sh, c, inner, err);
    if (c.kind === 'cond') await sh.debugTrap(() => `[[ ${c.text} ]]`, inner);
    if (c.kind === 'arith') await sh.debugTrap(() => `(( ${c.source} ))`, inner);
    if (c.kind === 'cond') return await runConditional(c.expr, sh.expandEnv(inner), err, await tracer(sh, err, env));
    if (c.kind === 'arith') return await runArithCommand(c.source, sh.expandEnv(inner), err, await tracer(sh, err, env));
    return await runLoop(sh, c, inner, err);
  } catch (e) {
    if (e instanceof BrokenPipe) throw e;
    err(e instanceof ExpansionError ? e.message + '\n' : `bash: ${e instanceof Error ? e.message : String(e)}\n`);
    if (e instanceof OutOfMemoryError) sh.abort();
      else if (e instanceof LineEndingExpansionError) sh.abort(1);
    return 1;
  } finally {
    for (const f of flushes) f();
  }
}

async function runLoop(sh: Shell, c: Extract<Compound, { kind: 'for' | 'while' | 'arith-for' }>, inner: RunIO, err: Sink): Promise<number> {
  const env = sh.expandEnv(inner);
  const stop = (): boolean => inner.interrupt.interrupted || takeLoopControl(sh) || sh.unwinding;
  let status = 0;
  let turns = 0;
  sh.loopDepth++;
  try {
    if (c.kind === 'arith-for') {
      return await runArithFor(
        c,
        env,
        () => sh.execute(c.body, inner),
        async () => stop() || (await loopTurn(sh, ++turns, err)),
        err,
        async () => tracer(sh, err, sh.expandEnv(inner)),
      );
    }
    if (c.kind === 'for') {
      const values: string[] = [];
      if (c.positional) values.push(...sh.positional);
      for (const w of c.words) for (const v of await expandWord(w, env)) values.push(v);
      const header = `for ${c.name} in ${c.positional ? '"$@"' : c.words.map(raw).join(' ')}`;
      for (const v of values) {
        await sh.debugTrap(() => header, inner);
        (await tracer(sh, err, env))?.(header);
        if (sh.readonlyVars.has(c.name)) {
          err(`bash: ${c.name}: readonly variable\n`);
          return 1;
        }
        assign(sh.variables, { name: c.name }, v);
        status = await sh.execute(c.body, inner);
        if (stop() || (await loopTurn(sh, ++turns, err))) break;
      }
      return status;
    }
    for (;;) {
      const cond = await sh.condition(c.cond, inner);
      if (stop()) break;
      if ((cond === 0) === c.until) break;
      status = await sh.execute(c.body, inner);
      if (stop() || (await loopTurn(sh, ++turns, err))) break;
    }
    return status;
  } finally {
    sh.loopDepth--;
  }
}

/** `case`: the first item with a matching pattern runs; `;&` runs the next body too, `;;&` tests the next items. */
async function runCase(sh: Shell, c: CaseClause, inner: RunIO, err: Sink): Promise<number> {
  const env = sh.expandEnv(inner);
  await sh.debugTrap(() => `case ${raw(c.word)} in`, inner);
  (await tracer(sh, err, env))?.(`case ${raw(c.word)} in`);
  const subject = await expandString(c.word, env);
  let status = 0;
  let fallThrough = false;
  for (const item of c.items) {
    if (!fallThrough && !(await anyMatches(item.patterns, subject, env))) continue;
    status = await sh.execute(item.body, inner);
    if (inner.interrupt.interrupted || sh.loopControl || sh.unwinding) return status;
    if (item.end === ';;') return status;
    fallThrough = item.end === ';&';
  }
  return status;
}

async function anyMatches(patterns: CaseClause['items'][number]['patterns'], subject: string, env: ReturnType<Shell['expandEnv']>): Promise<boolean> {
  for (const p of patterns) {
    // Quoted parts of a pattern match literally; unquoted `*` and `?` are wildcards.
    let text = '';
    const wild: boolean[] = [];
    for (const part of p) {
      const piece = part.kind === 'lit' ? part.text : await expandString([part], env);
      const active = !part.quoted;
      for (let k = 0; k < piece.length; k++) wild.push(active);
      text += piece;
    }
    // `shopt -s nocasematch`: patterns match whatever the case.
    const fold = env.shopts?.has('nocasematch') === true;
    if (globMatches(compileGlob(fold ? text.toLowerCase() : text, (i) => wild[i] === true, env.shopts?.has('extglob') === true), fold ? subject.toLowerCase() : subject)) return true;
  }
  return false;
}

/** Called after each loop iteration; true when the loop must stop. */
async function loopTurn(sh: Shell, turns: number, err: Sink): Promise<boolean> {
  if (turns % YIELD_EVERY === 0 && sh.opts.yieldToHost) await sh.opts.yieldToHost();
  const limit = sh.opts.loopLimit ?? LOOP_LIMIT_WITHOUT_YIELD;
  if (!sh.opts.yieldToHost && turns >= limit) {
    err(`bash: loop stopped after ${limit} iterations\n`);
    return true;
  }
  return false;
}

/** After a loop body: true when the loop must stop (break, or an outer loop's continue). */
function takeLoopControl(sh: Shell): boolean {
  const c = sh.loopControl;
  if (!c) return false;
  if (c.levels > 1) {
    c.levels--;
    return true;
  }
  sh.loopControl = undefined;
  return c.kind === 'break';
}
