/**
 * A simple command: aliases, expansion of its words, its assignments and redirections, then a
 * function, `break`/`continue`, or a command of the table (which reports its own errors; a
 * throw is the course's fault and prints `bash: internal error`).
 */
import type { SimpleCommand } from '../shell-grammar/ast.ts';
import { runAssignments } from './assign.ts';
import { ExpansionError, LineEndingExpansionError, OutOfMemoryError, expandString, expandWord, type ExpandEnv } from './expand.ts';
import { ShellInput } from './input.ts';
import { parse } from './parse.ts';
import { resolvePath } from './path.ts';
import { BrokenPipe, NoSpaceError, writeErrorMessage } from './pipe-buffer.ts';
import { printSimple } from './print.ts';
import { applyRedirect, type Sink } from './redirect.ts';
import type { RunIO, Shell, StageOptions } from './shell.ts';
import { SHELL_BUILTINS } from './builtin-names.ts';
import { shellQuote } from './shell-quote.ts';
import { tracer } from './trace.ts';

/** Runs `cmd` in `sh`. */
export async function runSimple(sh: Shell, cmd: SimpleCommand, input: ShellInput, out: Sink, err: Sink, io: RunIO, o: StageOptions): Promise<number> {
  const alias = aliasOf(sh, cmd);
  if (alias !== undefined) return runAlias(sh, cmd, alias, input, out, err, io, o);
  if (cmd.line !== undefined) sh.lineno = sh.lineOffset + cmd.line;
  await sh.debugTrap(() => printSimple(cmd), io);
  const made: string[] = [];
  const env = sh.expandEnv(io, made);
  sh.substitutionStatus = undefined;
  const flushes: (() => void)[] = [];
  try {
    const args: string[] = [];
    for (const w of cmd.words) {
      // A quoted literal expands to itself; skipping the await keeps long argument lists
      // (thousands of nested `timeout` words) cheap.
      const only = w.length === 1 && w[0]!.kind === 'lit' && w[0]!.quoted ? w[0]!.text : undefined;
      if (only !== undefined) args.push(only);
      // `declare a=(x y)`: the declaration builtin reads the compound assignment as written.
      else if (w.array && w.raw !== undefined) args.push(w.raw);
      else for (const a of await expandWord(w, env)) args.push(a);
    }
    if (args.length === 0) {
      // Assignments alone change the shell's variables (redirections still happen first).
      const res = await noCommandRedirects(sh, cmd, env, flushes, out, err);
      if (res !== 0) return res;
      await runAssignments(cmd.assigns, env, await tracer(sh, err, env));
      // Its status is that of the last command substitution in it (`x=$(false)` fails).
      return sh.substitutionStatus ?? 0;
    }
    const assigns: Record<string, string> = {};
    const trace = await tracer(sh, err, env);
    for (const a of cmd.assigns) {
      const value = await expandString(a.value, env);
      trace?.(`${a.name}=${shellQuote(value, false)}`);
      // `x=1 cmd` with a readonly x: bash says so and runs the command without it.
      if (sh.readonlyVars.has(a.name)) err(`bash: ${a.name}: readonly variable\n`);
      else assigns[a.name] = value;
    }
    const fds: Sink[] = [() => {}, out, err];
    let redirectedIn = false;
    for (const r of cmd.redirects) {
      const res = await applyRedirect(r, fds, env, flushes, sh.fsView);
      if (typeof res === 'number') return res;
      if (res !== undefined) {
        input = ShellInput.of(res);
        redirectedIn = true;
      }
    }
    trace?.(args.map((a) => shellQuote(a, false)).join(' '));
    const name = args[0]!;
    if (name === 'break' || name === 'continue') return setLoopControl(sh, name, args[1], fds[2]!);
    if (name === 'exit' && sh.subshell) return exitSubshell(sh, args[1], fds[2]!);
    const fn = sh.functions.get(name);
    if (fn) return await sh.callFunction(fn, args.slice(1), input, fds[1]!, fds[2]!, { ...io, stdin: input, toTerminal: o.toTerminal && fds[1] === out });
    const command = sh.commands.get(name);
    if (!command) return notFound(sh, name, labelled(sh, fds[2]!));
    // A command that takes its input whole starts once the command writing it has finished.
    if (input.live && !command.readsInput && !redirectedIn) {
      await input.waitEnd();
      if (io.interrupt.interrupted) return 130;
    }
    const ownMessages = SHELL_BUILTINS.has(name) && name !== 'echo' && name !== 'printf';
    const ctx = sh.context(input, fds[1]!, ownMessages ? labelled(sh, fds[2]!) : fds[2]!, io.interrupt, { ...(SHELL_BUILTINS.has(name) ? sh.env : sh.exportedEnv()), ...assigns });
    ctx.isTTY = o.toTerminal && fds[1] === out;
    if (o.keyboard && !redirectedIn && ctx.isTTY) ctx.readLine = o.keyboard;
    if (o.editor && !redirectedIn && ctx.isTTY) ctx.edit = o.editor;
    try {
      const status = await command(args.slice(1), ctx);
      return typeof status === 'number' ? status : 0;
    } catch (e) {
      if (e instanceof BrokenPipe) throw e;
      if (e instanceof NoSpaceError) {
        try {
          fds[2]!(writeErrorMessage(name));
        } catch (again) {
          // Standard error is the same full file (`yes > f 2>&1`): the message is lost, as in bash.
          if (!(again instanceof NoSpaceError)) throw again;
        }
        return 1;
      }
      // Commands answer user errors themselves; any other throw is a fault of the course.
      sh.onInternalError?.(e);
      fds[2]!('bash: internal error\n');
      return 1;
    }
  } catch (e) {
    if (e instanceof BrokenPipe) throw e;
    if (e instanceof ExpansionError) {
      labelled(sh, err)(e.message + '\n');
      if (e instanceof OutOfMemoryError) sh.abort();
      else if (e instanceof LineEndingExpansionError) sh.abort(1);
      return 1;
    }
    sh.onInternalError?.(e);
    err('bash: internal error\n');
    return 1;
  } finally {
    for (const f of flushes) f();
    for (const path of made) sh.devFd.delete(path);
  }
}

/**
 * Where bash's own messages go: in a script or `bash -c`, `bash: ` becomes `NAME: line N: `
 * (`s.sh: line 2: foo: command not found`); at the prompt they stay as they are.
 */
function labelled(sh: Shell, err: Sink): Sink {
  const label = sh.errorLabel();
  if (label === undefined) return err;
  return (text) => err(text.startsWith('bash: ') ? label + text.slice(6) : text);
}

/** The redirections of a command without words (`x=1 > f` creates f); non-zero when one fails. */
async function noCommandRedirects(sh: Shell, cmd: SimpleCommand, env: ExpandEnv, flushes: (() => void)[], out: Sink, err: Sink): Promise<number> {
  const fds: Sink[] = [() => {}, out, err];
  for (const r of cmd.redirects) {
    const res = await applyRedirect(r, fds, env, flushes, sh.fsView);
    if (typeof res === 'number') return res;
  }
  return 0;
}

function notFound(sh: Shell, name: string, err: Sink): number {
  if (name.includes('/')) {
    const path = resolvePath(sh.cwd, name, sh.env.HOME);
    if (sh.fs.isDir(path)) err(`bash: ${name}: Is a directory\n`);
    else err(`bash: ${name}: ${sh.fs.exists(path) ? 'Permission denied' : 'No such file or directory'}\n`);
    return sh.fs.exists(path) ? 126 : 127;
  }
  err(`bash: ${name}: command not found\n`);
  return 127;
}

/** The alias the first word of `cmd` names, if it is an unquoted word with one (and not being expanded already). */
function aliasOf(sh: Shell, cmd: SimpleCommand): string | undefined {
  const first = cmd.words[0];
  if (!first || first.length !== 1 || first[0]!.kind !== 'lit' || first[0]!.quoted) return undefined;
  const name = first[0]!.text;
  if (sh.expandingAliases.has(name)) return undefined;
  return sh.aliases.get(name);
}

/** Replaces the first word by the alias's text and runs the result (which may be a whole list: `alias x='cd /; ls'`). */
async function runAlias(sh: Shell, cmd: SimpleCommand, value: string, input: ShellInput, out: Sink, err: Sink, io: RunIO, o: StageOptions): Promise<number> {
  const name = (cmd.words[0]![0] as { text: string }).text;
  const prefix = cmd.assigns.map((a) => `${a.name}=${a.value.raw ?? ''} `).join('');
  const rest = printSimple({ assigns: [], words: cmd.words.slice(1), redirects: cmd.redirects });
  const parsed = parse(`${prefix}${value} ${rest}`, true);
  if (!parsed.ok) {
    err((parsed.incomplete ? 'bash: syntax error: unexpected end of file' : parsed.message) + '\n');
    return 2;
  }
  sh.expandingAliases.add(name);
  try {
    // The expanded command is what was typed: it keeps the keyboard and the terminal a lone command has.
    const write: RunIO['write'] = (t, s) => (s === 'stdout' ? out : err)(t);
    return await sh.execute(parsed.script, {
      interrupt: io.interrupt,
      stdin: o.keyboard ? undefined : input,
      readLine: o.keyboard,
      edit: o.editor,
      write,
      toTerminal: o.toTerminal,
    });
  } finally {
    sh.expandingAliases.delete(name);
  }
}

/** `exit [N]` in a subshell ends it with status N (the terminal's own shell has nothing to exit to). */
function exitSubshell(sh: Shell, arg: string | undefined, err: Sink): number {
  let status = sh.status;
  if (arg !== undefined) {
    if (/^-?\d+$/.test(arg)) status = ((Number(arg) % 256) + 256) % 256;
    else {
      err(`bash: exit: ${arg}: numeric argument required\n`);
      status = 2;
    }
  }
  sh.exited = status;
  return status;
}

function setLoopControl(sh: Shell, kind: 'break' | 'continue', arg: string | undefined, err: Sink): number {
  const levels = arg === undefined ? 1 : Number(arg);
  if (!Number.isInteger(levels) || levels < 1) {
    err(`bash: ${kind}: ${arg}: loop count out of range\n`);
    return 1;
  }
  if (sh.loopDepth === 0) return 0; // bash: outside a loop, break and continue do nothing
  sh.loopControl = { kind, levels: Math.min(levels, sh.loopDepth) };
  return 0;
}
