/**
 * The interpreter: runs parsed command lines against a command table, with the working
 * directory, variables and `$?` that persist between lines. It knows nothing about keys or
 * screens; the interactive shell (interactive.ts) and the transcript runner (src/cli) feed it
 * lines and show what it writes.
 */
import type { Compound, Pipeline, Script, SimpleCommand } from './ast.ts';
import { notTracked, type CodeLoading } from '../command/code-loading.ts';
import type { Command, ExecContext, Interrupt, ShellControl, VirtualFS } from '../command/contract.ts';
import { ExpansionError, OutOfMemoryError, expandString, expandWord, type ExpandEnv } from './expand.ts';
import { applyRedirect, type Sink } from './redirect.ts';
import { InterruptController, childInterrupt } from '../command/interrupt.ts';
import { parse } from './parse.ts';
import { HOME, resolvePath } from './path.ts';
import { BrokenPipe, inputNeed, NoSpaceError, pipeSink, writeErrorMessage } from './pipe-buffer.ts';

/** Name -> command. Builtins, `kubectl` and `k` live here (see src/host/terminal-commands.ts). */
export type CommandTable = Map<string, Command>;

/** Where a running line's output goes, and how it is stopped. */
export interface RunIO {
  /** Output in the order written; `\n` line endings (hosts convert for terminals). */
  write(text: string, stream: 'stdout' | 'stderr'): void;
  interrupt: Interrupt;
  /** Input for the first command of each pipeline (default none). */
  stdin?: string;
  /** The keyboard (see ExecContext.readLine): handed to a lone command that reads from the terminal. */
  readLine?(prompt: string): Promise<string | null>;
  /** The host's editor (see ExecContext.edit): handed, like the keyboard, to a lone command at the terminal. */
  edit?: ExecContext['edit'];
}

/** Commands run inside commands (`timeout 5 timeout 5 ...`) at most this deep. */
const MAX_NESTED_RUNS = 100;

/** Loop iterations between two yields to the host, so `while true` stays interruptible. */
const YIELD_EVERY = 32;
/**
 * Without a way to yield to the host nothing (not even Ctrl-C) can reach a busy loop, so such
 * a shell stops a loop after this many iterations.
 */
export const LOOP_LIMIT_WITHOUT_YIELD = 100_000;

export interface ShellOptions {
  fs: VirtualFS;
  commands: CommandTable;
  /** Waits `ms` of cluster time; false when interrupted (see ExecContext.sleep). */
  sleep(ms: number, interrupt: Interrupt): Promise<boolean>;
  /** Terminal width for commands' ctx.cols (default 80). */
  cols?: () => number;
  /** Extra variables on top of HOME, USER, PWD, PATH, SHELL, TERM. */
  env?: Record<string, string>;
  /** The history list for the `history` builtin (default: none kept). */
  history?: { list(): string[]; clear(): void };
  clearScreen?: () => void;
  /** Called when a running command declares that it streams until interrupted. */
  onStreaming?: () => void;
  /**
   * The terminal's code-loading state, handed to every command as `ctx.loadCode` (default: not
   * tracked, for hosts that do not hold cluster time while code loads).
   */
  loading?: CodeLoading;
  /** Lets the host's event loop run; called every few commands so long scripts stay interruptible. */
  yieldToHost?: () => Promise<void>;
  /** Iterations after which a loop stops when there is no yieldToHost (default LOOP_LIMIT_WITHOUT_YIELD). */
  loopLimit?: number;
}


/** A command line interpreter with persistent cwd, variables and last status. */
export class Shell {
  cwd = HOME;
  readonly env: Record<string, string>;
  /** `$?`: status of the last command. */
  status = 0;
  private readonly opts: ShellOptions;
  private ran = 0;
  /** Set by `break` / `continue` until the enclosing loop takes it. */
  private loopControl: { kind: 'break' | 'continue'; levels: number } | undefined;
  private loopDepth = 0;
  /** Commands currently running inside other commands (see MAX_NESTED_RUNS). */
  private nestedRuns = 0;
  /** Nesting of execute(); the outermost call owns the command line's abort. */
  private depth = 0;
  /** Ends the whole command line after a fatal error (an expansion too large to hold). */
  private abortLine: (() => void) | undefined;
  /** Told about an error a command threw (the reader sees `bash: internal error`); set by the host. */
  onInternalError: ((e: unknown) => void) | undefined;

  constructor(opts: ShellOptions) {
    this.opts = opts;
    this.env = { HOME, USER: 'learner', LOGNAME: 'learner', PWD: HOME, PATH: '/usr/local/bin:/usr/bin:/bin', SHELL: '/bin/bash', TERM: 'xterm-256color', ...opts.env };
  }

  get commands(): CommandTable {
    return this.opts.commands;
  }

  get fs(): VirtualFS {
    return this.opts.fs;
  }

  /** Parses and runs complete input (a line, or a script); syntax errors print and give 2. */
  async run(source: string, io: RunIO): Promise<number> {
    const parsed = parse(source, true);
    if (!parsed.ok) {
      io.write((parsed.incomplete ? 'bash: syntax error: unexpected end of file' : parsed.message) + '\n', 'stderr');
      return (this.status = 2);
    }
    for (const w of parsed.warnings) io.write(w + '\n', 'stderr');
    return this.execute(parsed.script, io);
  }

  /** Runs a parsed script; stops at the first chain after an interrupt (status 130). */
  async execute(script: Script, io: RunIO): Promise<number> {
    if (this.depth > 0) return this.executeChains(script, io);
    const line = childInterrupt(io.interrupt);
    let fatal = false;
    this.abortLine = () => {
      fatal = true;
      line.trigger();
    };
    this.depth++;
    try {
      const status = await this.executeChains(script, { ...io, interrupt: line });
      return fatal ? (this.status = 2) : status;
    } finally {
      this.depth--;
      this.abortLine = undefined;
    }
  }

  private async executeChains(script: Script, io: RunIO): Promise<number> {
    this.depth++;
    try {
      return await this.chains(script, io);
    } finally {
      this.depth--;
    }
  }

  private async chains(script: Script, io: RunIO): Promise<number> {
    for (const chain of script) {
      if (io.interrupt.interrupted) return (this.status = 130);
      if (this.loopControl) break;
      let status = await this.pipeline(chain.first, io);
      for (const { op, pipeline } of chain.rest) {
        if (io.interrupt.interrupted || this.loopControl) break;
        if ((op === '&&') === (status === 0)) status = await this.pipeline(pipeline, io);
      }
      this.status = io.interrupt.interrupted ? 130 : status;
    }
    return this.status;
  }

  private async pipeline(p: Pipeline, io: RunIO): Promise<number> {
    let input = io.stdin ?? '';
    let status = 0;
    for (let k = 0; k < p.commands.length; k++) {
      const last = k === p.commands.length - 1;
      const chunks: string[] = [];
      const out: Sink = last ? (t) => io.write(t, 'stdout') : pipeSink(chunks, inputNeed(p.commands[k + 1]!));
      const err: Sink = (t) => io.write(t, 'stderr');
      const cmd = p.commands[k]!;
      // Only a command alone on its line, reading from the terminal, gets the keyboard.
      const keyboard = p.commands.length === 1 && io.stdin === undefined ? io.readLine : undefined;
      const editor = p.commands.length === 1 && io.stdin === undefined ? io.edit : undefined;
      try {
        status = cmd.kind === undefined ? await this.simple(cmd, input, out, err, io, last, keyboard, editor) : await this.compound(cmd, input, out, err, io);
      } catch (e) {
        // The next command stopped reading: this one ends as SIGPIPE ends it.
        if (!(e instanceof BrokenPipe && e.pipe === out)) throw e;
        status = 141;
      }
      input = chunks.join('');
      if (++this.ran % 64 === 0) await this.opts.yieldToHost?.();
    }
    if (p.negate) status = status === 0 ? 1 : 0;
    return (this.status = status);
  }

  private expandEnv(io: RunIO): ExpandEnv {
    return {
      vars: this.env,
      status: this.status,
      cwd: this.cwd,
      fs: this.fs,
      yieldToHost: this.opts.yieldToHost,
      substitute: async (source) => {
        let captured = '';
        await this.run(source, { interrupt: io.interrupt, write: (t, s) => (s === 'stdout' ? (captured += t) : io.write(t, s)) });
        return captured;
      },
    };
  }

  private async simple(cmd: SimpleCommand, stdin: string, out: Sink, err: Sink, io: RunIO, toTerminal: boolean, keyboard?: RunIO['readLine'], editor?: RunIO['edit']): Promise<number> {
    const env = this.expandEnv(io);
    const flushes: (() => void)[] = [];
    try {
      const args: string[] = [];
      for (const w of cmd.words) {
        // A quoted literal expands to itself; skipping the await keeps long argument lists
        // (thousands of nested `timeout` words) cheap.
        const only = w.length === 1 && w[0]!.kind === 'lit' && w[0]!.quoted ? w[0]!.text : undefined;
        if (only !== undefined) args.push(only);
        else for (const a of await expandWord(w, env)) args.push(a);
      }
      const assigns: Record<string, string> = {};
      for (const a of cmd.assigns) assigns[a.name] = await expandString(a.value, env);
      const fds: Sink[] = [() => {}, out, err];
      let input = stdin;
      let redirectedIn = false;
      for (const r of cmd.redirects) {
        const res = await applyRedirect(r, fds, env, flushes, this.fs);
        if (typeof res === 'number') return res;
        if (res !== undefined) {
          input = res;
          redirectedIn = true;
        }
      }
      if (args.length === 0) {
        for (const [k, v] of Object.entries(assigns)) this.env[k] = v;
        return 0;
      }
      const name = args[0]!;
      if (name === 'break' || name === 'continue') return this.setLoopControl(name, args[1], fds[2]!);
      const command = this.commands.get(name);
      if (!command) {
        if (name.includes('/')) {
          const path = resolvePath(this.cwd, name, this.env.HOME);
          if (this.fs.isDir(path)) fds[2]!(`bash: ${name}: Is a directory\n`);
          else fds[2]!(`bash: ${name}: ${this.fs.exists(path) ? 'Permission denied' : 'No such file or directory'}\n`);
          return this.fs.exists(path) ? 126 : 127;
        }
        fds[2]!(`bash: ${name}: command not found\n`);
        return 127;
      }
      const ctx = this.context(input, fds[1]!, fds[2]!, io.interrupt, { ...this.env, ...assigns });
      ctx.isTTY = toTerminal && fds[1] === out;
      if (keyboard && !redirectedIn && ctx.isTTY) ctx.readLine = keyboard;
      if (editor && !redirectedIn && ctx.isTTY) ctx.edit = editor;
      try {
        const status = await command(args.slice(1), ctx);
        return typeof status === 'number' ? status : 0;
      } catch (e) {
        if (e instanceof BrokenPipe) throw e;
        if (e instanceof NoSpaceError) {
          fds[2]!(writeErrorMessage(name));
          return 1;
        }
        // Commands answer user errors themselves; any other throw is a fault of the course.
        this.onInternalError?.(e);
        fds[2]!('bash: internal error\n');
        return 1;
      }
    } catch (e) {
      if (e instanceof BrokenPipe) throw e;
      if (e instanceof ExpansionError) {
        err(e.message + '\n');
        if (e instanceof OutOfMemoryError) this.abortLine?.();
        return 1;
      }
      this.onInternalError?.(e);
      err('bash: internal error\n');
      return 1;
    } finally {
      for (const f of flushes) f();
    }
  }

  /** Called after each loop iteration; true when the loop must stop. */
  private async loopTurn(turns: number, err: Sink): Promise<boolean> {
    if (turns % YIELD_EVERY === 0 && this.opts.yieldToHost) await this.opts.yieldToHost();
    const limit = this.opts.loopLimit ?? LOOP_LIMIT_WITHOUT_YIELD;
    if (!this.opts.yieldToHost && turns >= limit) {
      err(`bash: loop stopped after ${limit} iterations\n`);
      return true;
    }
    return false;
  }

  private setLoopControl(kind: 'break' | 'continue', arg: string | undefined, err: Sink): number {
    const levels = arg === undefined ? 1 : Number(arg);
    if (!Number.isInteger(levels) || levels < 1) {
      err(`bash: ${kind}: ${arg}: loop count out of range\n`);
      return 1;
    }
    if (this.loopDepth === 0) return 0; // bash: outside a loop, break and continue do nothing
    this.loopControl = { kind, levels: Math.min(levels, this.loopDepth) };
    return 0;
  }

  /** After a loop body: true when the loop must stop (break, or an outer loop's continue). */
  private takeLoopControl(): boolean {
    const c = this.loopControl;
    if (!c) return false;
    if (c.levels > 1) {
      c.levels--;
      return true;
    }
    this.loopControl = undefined;
    return c.kind === 'break';
  }

  private async compound(c: Compound, stdin: string, out: Sink, err: Sink, io: RunIO): Promise<number> {
    const env = this.expandEnv(io);
    const flushes: (() => void)[] = [];
    try {
      const fds: Sink[] = [() => {}, out, err];
      let input = stdin;
      for (const r of c.redirects) {
        const res = await applyRedirect(r, fds, env, flushes, this.fs);
        if (typeof res === 'number') return res;
        if (res !== undefined) input = res;
      }
      const inner: RunIO = { interrupt: io.interrupt, stdin: input, write: (t, s) => (s === 'stdout' ? fds[1]! : fds[2]!)(t) };
      if (c.kind === 'group') return await this.execute(c.body, inner);
      if (c.kind === 'if') {
        for (const b of c.branches) {
          const cond = await this.execute(b.cond, inner);
          if (io.interrupt.interrupted || this.loopControl) return cond;
          if (cond === 0) return await this.execute(b.body, inner);
        }
        return c.otherwise ? await this.execute(c.otherwise, inner) : 0;
      }
      let status = 0;
      let turns = 0;
      this.loopDepth++;
      try {
        if (c.kind === 'for') {
          const values: string[] = [];
          for (const w of c.words) for (const v of await expandWord(w, env)) values.push(v);
          for (const v of values) {
            this.env[c.name] = v;
            status = await this.execute(c.body, inner);
            if (io.interrupt.interrupted || this.takeLoopControl()) break;
            if (await this.loopTurn(++turns, err)) break;
          }
          return status;
        }
        for (;;) {
          const cond = await this.execute(c.cond, inner);
          if (io.interrupt.interrupted || this.takeLoopControl()) break;
          if ((cond === 0) === c.until) break;
          status = await this.execute(c.body, inner);
          if (io.interrupt.interrupted || this.takeLoopControl()) break;
          if (await this.loopTurn(++turns, err)) break;
        }
        return status;
      } finally {
        this.loopDepth--;
      }
    } catch (e) {
      if (e instanceof BrokenPipe) throw e;
      err(e instanceof ExpansionError ? e.message + '\n' : `bash: ${e instanceof Error ? e.message : String(e)}\n`);
      if (e instanceof OutOfMemoryError) this.abortLine?.();
      return 1;
    } finally {
      for (const f of flushes) f();
    }
  }

  private context(stdin: string, stdout: Sink, stderr: Sink, interrupt: Interrupt, env: Record<string, string>): ExecContext {
    return {
      stdin,
      stdout,
      stderr,
      interrupt,
      fs: this.fs,
      cwd: this.cwd,
      env,
      cols: this.opts.cols?.() ?? 80,
      sleep: (ms) => this.opts.sleep(ms, interrupt),
      streaming: () => this.opts.onStreaming?.(),
      loadCode: (load) => (this.opts.loading ?? notTracked).loadCode(load),
      shell: this.control(),
    };
  }

  private control(): ShellControl {
    return {
      chdir: (path) => {
        this.env.OLDPWD = this.cwd;
        this.cwd = path;
        this.env.PWD = path;
      },
      setEnv: (name, value) => {
        if (value === undefined) delete this.env[name];
        else this.env[name] = value;
      },
      history: () => this.opts.history?.list() ?? [],
      clearHistory: () => this.opts.history?.clear(),
      clearScreen: () => this.opts.clearScreen?.(),
      run: (line, ctx) => this.run(line, { interrupt: ctx.interrupt, write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)) }),
      runArgv: async (argv, ctx) => {
        // One turn of the microtask queue, so that nested commands (`timeout 9 timeout 9 ...`)
        // do not all run on one JavaScript stack; past MAX_NESTED_RUNS, bash's nesting error.
        await null;
        if (this.nestedRuns >= MAX_NESTED_RUNS) {
          ctx.stderr(`bash: maximum nesting level exceeded (${MAX_NESTED_RUNS})\n`);
          return 1;
        }
        this.nestedRuns++;
        try {
          return await this.pipeline(
            { negate: false, commands: [{ assigns: [], words: argv.map((text) => [{ kind: 'lit', text, quoted: true }]), redirects: [] }] },
            { interrupt: ctx.interrupt, stdin: ctx.stdin, write: (t, s) => (s === 'stdout' ? ctx.stdout(t) : ctx.stderr(t)) },
          );
        } finally {
          this.nestedRuns--;
        }
      },
    };
  }
}

/** A fresh, untriggered interrupt for a line that nothing can stop (tests, scripts). */
export function noInterrupt(): Interrupt {
  return new InterruptController();
}
