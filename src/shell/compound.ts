/**
 * Compound commands: `{ }`, `( )`, `if`, `for`, `while`/`until`, `case`, `[[ ]]` and `(( ))`
 * (conditional.ts), and calls of functions, whose bodies are compound commands. Their
 * redirections apply to everything inside; the commands inside share one input, so `while
 * read line` reads the loop's input a line at a time. Loads on first use (compound-code.ts).
 */
import type { CaseClause, Compound, FunctionDef } from '../shell-grammar/ast.ts';
import { compileGlob, globMatches } from '../command/glob-match.ts';
import { ExpansionError, LineEndingExpansionError, OutOfMemoryError, expandString, expandWord } from './expand.ts';
import { ShellInput } from './input.ts';
import { runArithCommand, runArithFor, runConditional } from './conditional.ts';
import { BrokenPipe } from './pipe-buffer.ts';
import { applyRedirect, type Sink } from './redirect.ts';
import type { RunIO, SavedVariable, Shell } from './shell.ts';
import { assign } from './variables.ts';
import { inline, raw } from './print.ts';
import { tracer } from './trace.ts';
import { LOOP_LIMIT_WITHOUT_YIELD, MAX_FUNCTION_NESTING } from './limits.ts';

/** Loop iterations between two yields to the host, so `while true` stays interruptible. */
const YIELD_EVERY = 32;

/** Runs compound command `c` in `sh` with `input`, writing to `out` and `err`. */
export async function runCompound(sh: Shell, c: Compound, input: ShellInput, out: Sink, err: Sink, io: RunIO, toTerminal: boolean): Promise<number> {
  const env = sh.expandEnv(io);
  const flushes: (() => void)[] = [];
  try {
    const fds: Sink[] = [() => {}, out, err];
    // A `select` alone on its line at the prompt reads its answers from the keyboard.
    let keyboard = io.stdin === undefined ? io.readLine : undefined;
    for (const r of c.redirects) {
      const res = await applyRedirect(r, fds, env, flushes, sh.fsView);
      if (typeof res === 'number') return res;
      if (res !== undefined) {
        input = ShellInput.of(res);
        keyboard = undefined;
      }
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
    return await runLoop(sh, c, inner, err, keyboard);
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

async function runLoop(sh: Shell, c: Extract<Compound, { kind: 'for' | 'while' | 'arith-for' }>, inner: RunIO, err: Sink, keyboard?: RunIO['readLine']): Promise<number> {
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
      if (c.select) return await runSelect(sh, c, values, inner, err, keyboard);
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

/**
 * `select NAME in WORDS`: bash's numbered menu (in columns as wide as `$COLUMNS`, 80 when
 * unset) and `$PS3` (`#? `) on standard error, then a line read from standard input into
 * REPLY: empty shows the menu again; a number in range sets NAME to that word, anything else
 * sets it empty; then BODY runs, until `break` or the end of input (a newline, status 1).
 */
async function runSelect(sh: Shell, c: Extract<Compound, { kind: 'for' }>, values: string[], inner: RunIO, err: Sink, keyboard?: RunIO['readLine']): Promise<number> {
  if (!values.length) return 0;
  const env = sh.expandEnv(inner);
  const indexWidth = String(values.length).length;
  const itemWidth = Math.max(...values.map((v) => [...v].length)) + indexWidth + 4;
  const header = `select ${c.name} in ${c.positional ? '"$@"' : c.words.map(raw).join(' ')}`;
  let status = 0;
  let turns = 0;
  let menu = true;
  const input = inner.stdin instanceof ShellInput ? inner.stdin : ShellInput.of(inner.stdin ?? '');
  for (;;) {
    await sh.debugTrap(() => header, inner);
    (await tracer(sh, err, env))?.(header);
    let reply: string | undefined;
    for (;;) {
      if (menu) err(selectMenu(values, itemWidth, indexWidth, Number(env.vars.COLUMNS) > 0 ? Number(env.vars.COLUMNS) : 80));
      menu = false;
      const prompt = env.vars.PS3 ?? '#? ';
      if (keyboard) {
        const typed = await keyboard(prompt);
        reply = typed === null ? undefined : typed.replace(/\n$/, '').replace(/\\(.)/gs, '$1');
      } else {
        err(prompt);
        reply = await readReply(input);
      }
      if (reply === undefined || inner.interrupt.interrupted) break;
      if (reply !== '') break;
      menu = true;
    }
    if (reply === undefined) {
      // bash ends the menu's line; at the keyboard, the line editor has already moved on at Ctrl-D.
      if (!inner.interrupt.interrupted && !keyboard) inner.write('\n', 'stdout');
      return 1;
    }
    assign(sh.variables, { name: 'REPLY' }, reply);
    const n = /^\s*[+-]?\d+\s*$/.test(reply) ? Number(reply) : 0;
    if (sh.readonlyVars.has(c.name)) {
      err(`bash: ${c.name}: readonly variable\n`);
      return 1;
    }
    assign(sh.variables, { name: c.name }, n >= 1 && n <= values.length ? values[n - 1]! : '');
    status = await sh.execute(c.body, inner);
    if (inner.interrupt.interrupted || takeLoopControl(sh) || sh.unwinding || (await loopTurn(sh, ++turns, err))) return status;
  }
}

/** The menu as bash lays it out: down the columns, each `maxWidth` wide, indented with tabs. */
function selectMenu(values: string[], maxWidth: number, indexWidth: number, columns: number): string {
  let cols = Math.max(1, Math.floor(columns / maxWidth));
  let rows = Math.ceil(values.length / cols);
  cols = Math.ceil(values.length / rows);
  if (rows === 1) {
    rows = cols;
    cols = 1;
  }
  const firstWidth = String(rows).length;
  let out = '';
  for (let row = 0; row < rows; row++) {
    let pos = 0;
    for (let ind = row; ; ) {
      const width = pos === 0 ? firstWidth : indexWidth;
      const text = `${String(ind + 1).padStart(width)}) ${values[ind]!}`;
      out += text;
      ind += rows;
      if (ind >= values.length) break;
      // bash's indent: tabs to the next stops, then spaces.
      for (let from = pos + [...values[ind - rows]!].length + width + 2, to = pos + maxWidth; from < to; ) {
        if (Math.floor(to / 8) > Math.floor(from / 8)) {
          out += '\t';
          from += 8 - (from % 8);
        } else {
          out += ' ';
          from++;
        }
      }
      pos += maxWidth;
    }
    out += '\n';
  }
  return out;
}

/** A line as `read` (no `-r`) takes it into REPLY: backslashes escape, one at the end joins the next line. */
async function readReply(input: ShellInput): Promise<string | undefined> {
  let text = '';
  for (;;) {
    const line = await input.readLine();
    if (line === null) return text === '' ? undefined : text.replace(/\\(.)/gs, '$1');
    const body = line.endsWith('\n') ? line.slice(0, -1) : line;
    const trailing = /\\+$/.exec(body)?.[0].length ?? 0;
    if (trailing % 2 === 1 && line.endsWith('\n')) {
      text += body.slice(0, -1);
      continue;
    }
    return (text + body).replace(/\\(.)/gs, '$1');
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

/**
 * Calls function `fn` in `sh` (Shell.callFunction): its arguments become `$1`..., its `local`s
 * are undone after it, `return` ends it, and the RETURN trap runs as bash runs it.
 */
export async function callFunction(sh: Shell, fn: FunctionDef, args: string[], input: ShellInput, out: Sink, err: Sink, io: RunIO): Promise<number> {
  if (sh.frames.length >= MAX_FUNCTION_NESTING) {
    err(`bash: ${fn.name}: maximum function nesting level exceeded (${MAX_FUNCTION_NESTING})\n`);
    return 1;
  }
  const saved = sh.positional;
  sh.positional = args;
  const frame = new Map<string, SavedVariable>();
  sh.frames.push(frame);
  const returnSets = sh.traps.returnSets;
  try {
    const returned = sh.returning !== undefined;
    const body = await runCompound(sh, fn.body, input, out, err, io, io.toTerminal ?? true);
    const viaReturn = sh.returning !== undefined && !returned;
    const status = sh.takeReturn(body);
    // The RETURN trap runs for a function traced with `set -T`, or one that set it itself.
    if (sh.traps.has('RETURN') && (sh.options.has('functrace') || sh.traps.returnSets !== returnSets)) {
      sh.status = viaReturn ? sh.statusBeforeReturn : status;
      await sh.runTrap('RETURN', io);
    }
    return status;
  } finally {
    sh.frames.pop();
    for (const [name, saved] of frame) sh.restoreVariable(name, saved);
    sh.positional = saved;
  }
}
