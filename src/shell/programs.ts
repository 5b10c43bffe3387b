/**
 * The shell running text other than the lines typed at the prompt: `eval`, `source`, `bash -c`
 * and `bash FILE`, and the syntax errors of such scripts, reported as bash reports them after
 * running the commands before the error. Loaded with the builtins that use it (commands.ts),
 * through `programsCode` (programs-code.ts).
 */
import type { ExecContext } from '../command/contract.ts';
import { ShellInput } from './input.ts';
import { parse, readingDialect, type ParseResult } from './parse.ts';
import type { RunIO, Shell } from './shell.ts';

/**
 * A syntax error in a script, `bash -c` or a sourced file: bash has run the commands before
 * it (it reads a command at a time), then says where it is (`s.sh: line 3: ...`), with the
 * line itself after an unexpected token. Status 2.
 */
export async function scriptSyntaxError(sh: Shell, source: string, parsed: Extract<ParseResult, { ok: false }>, io: RunIO): Promise<number> {
  // `bash -c` names the option its text came from: `bash: -c: line 1: ...`.
  const name = sh.commandString ? `${sh.errorName!}: -c` : sh.errorName!;
  const lines = source.split('\n');
  const known = !parsed.incomplete ? parsed.line : undefined;
  const line = known ?? (source.endsWith('\n') ? lines.length : lines.length + 1);
  const dialect = readingDialect(sh.shopts);
  for (let k = Math.min(line, lines.length) - 1, tries = 0; k > 0 && tries < 200; k--, tries++) {
    const before = parse(lines.slice(0, k).join('\n'), true, dialect);
    if (!before.ok) continue;
    await sh.execute(before.script, io);
    if (sh.exited !== undefined || io.interrupt.interrupted) return sh.status;
    // bash reads a command at a time: once `shopt -s extglob` has run, the lines after it
    // are read with extended patterns (the newlines keep their line numbers).
    if (readingDialect(sh.shopts) !== dialect) return sh.run('\n'.repeat(k) + lines.slice(k).join('\n'), io);
    break;
  }
  const message = parsed.incomplete ? 'syntax error: unexpected end of file' : parsed.message.replace(/^bash: /, '');
  io.write(`${name}: line ${line}: ${message}\n`, 'stderr');
  if (known !== undefined) io.write(`${name}: line ${line}: \`${lines[line - 1] ?? ''}'\n`, 'stderr');
  return (sh.status = 2);
}

/** `bash -c TEXT` or `bash FILE` (ShellState.runProgram): a child shell with only the exported variables. */
export async function runProgram(sh: Shell, text: string, arg0: string, args: string[], options: Set<string>, ctx: ExecContext, fromFile = false): Promise<number> {
  const child = sh.fork();
  child.arg0 = arg0;
  child.errorName = arg0;
  child.commandString = !fromFile;
  child.lineOffset = 0;
  const exported = sh.exportedEnv();
  for (const k of Object.keys(child.env)) delete child.env[k];
  Object.assign(child.env, exported);
  child.arrays.clear();
  child.integers.clear();
  child.readonlyVars.clear();
  child.functions.clear();
  child.aliases.clear();
  child.traps.clear();
  child.frames.length = 0;
  child.options.clear();
  for (const o of ['braceexpand', 'hashall', ...options]) child.options.add(o);
  child.interactive = false;
  child.positional = args;
  return child.run(text, {
    interrupt: ctx.interrupt,
    stdin: ctx.input instanceof ShellInput ? ctx.input : ctx.stdin,
    write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)),
  });
}

/** `eval TEXT` (ShellState.evaluate). */
export async function evaluate(sh: Shell, text: string, ctx: ExecContext): Promise<number> {
  const parsed = parse(text, true, readingDialect(sh.shopts));
  if (!parsed.ok) {
    const message = parsed.incomplete ? 'bash: syntax error: unexpected end of file' : parsed.message;
    // An interactive bash words it as at the prompt; `bash -c` names eval and the line.
    if (sh.interactive) ctx.stderr(message + '\n');
    else {
      const lines = text.split('\n').length;
      const where = `bash: eval: line ${parsed.incomplete ? lines + 1 : lines}: `;
      ctx.stderr(message.replace(/^bash: /, where) + '\n');
      if (!parsed.incomplete) ctx.stderr(`${where}\`${text.split('\n').pop()!}'\n`);
    }
    return 2;
  }
  for (const w of parsed.warnings) ctx.stderr(w + '\n');
  // `set -x` traces the commands eval runs one `+` deeper.
  sh.traceDepth++;
  try {
    return await sh.execute(parsed.script, {
      interrupt: ctx.interrupt,
      stdin: ctx.input instanceof ShellInput ? ctx.input : ctx.stdin,
      write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)),
    });
  } finally {
    sh.traceDepth--;
  }
}

/** `source FILE` (ShellState.source): the file runs in this shell, its messages naming it. */
export async function source(sh: Shell, name: string, text: string, args: string[] | undefined, ctx: ExecContext): Promise<number> {
  const parsed = parse(text, true, readingDialect(sh.shopts));
  const io: RunIO = {
    interrupt: ctx.interrupt,
    stdin: ctx.input instanceof ShellInput ? ctx.input : ctx.stdin,
    write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)),
  };
  const saved = sh.positional;
  const savedName = sh.errorName;
  const savedString = sh.commandString;
  const savedOffset = sh.lineOffset;
  if (args) sh.positional = args;
  sh.lineOffset = 0;
  // Messages from the file's commands name the file and the line (`s.sh: line 2: foo: command not found`).
  sh.errorName = name;
  sh.commandString = false;
  sh.sourceDepth++;
  try {
    if (!parsed.ok) return await scriptSyntaxError(sh, text, parsed, io);
    const status = sh.takeReturn(await sh.execute(parsed.script, io));
    if (sh.frames.length === 0 || sh.options.has('functrace')) await sh.runTrap('RETURN', io);
    return status;
  } finally {
    sh.sourceDepth--;
    sh.errorName = savedName;
    sh.commandString = savedString;
    sh.lineOffset = savedOffset;
    if (args) sh.positional = saved;
  }
}
