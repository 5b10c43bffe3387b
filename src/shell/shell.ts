/**
 * The interpreter: runs parsed command lines against a command table, with the working
 * directory, variables and `$?` that persist between lines. It knows nothing about keys or
 * screens; the interactive shell (interactive.ts) and the transcript runner (src/cli) feed it
 * lines and show what it writes.
 */
import type { Pipeline, Redirect, Script, SimpleCommand } from './ast.ts';
import type { Command, ExecContext, Interrupt, ShellControl, VirtualFS } from './exec.ts';
import { ExpansionError, expandHereDoc, expandString, expandWord, type ExpandEnv } from './expand.ts';
import { InterruptController } from './interrupt.ts';
import { parse } from './parse.ts';
import { HOME, dirname, resolvePath } from './path.ts';

/** Name -> command. Builtins, `kubectl` and `k` live here (see createCommands). */
export type CommandTable = Map<string, Command>;

/** Where a running line's output goes, and how it is stopped. */
export interface RunIO {
  /** Output in the order written; `\n` line endings (hosts convert for terminals). */
  write(text: string, stream: 'stdout' | 'stderr'): void;
  interrupt: Interrupt;
}

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
  /** Lets the host's event loop run; called every few commands so long scripts stay interruptible. */
  yieldToHost?: () => Promise<void>;
}

type Sink = (text: string) => void;

/** A command line interpreter with persistent cwd, variables and last status. */
export class Shell {
  cwd = HOME;
  readonly env: Record<string, string>;
  /** `$?`: status of the last command. */
  status = 0;
  private readonly opts: ShellOptions;
  private ran = 0;

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
    for (const chain of script) {
      if (io.interrupt.interrupted) return (this.status = 130);
      let status = await this.pipeline(chain.first, io);
      for (const { op, pipeline } of chain.rest) {
        if (io.interrupt.interrupted) break;
        if ((op === '&&') === (status === 0)) status = await this.pipeline(pipeline, io);
      }
      this.status = io.interrupt.interrupted ? 130 : status;
    }
    return this.status;
  }

  private async pipeline(p: Pipeline, io: RunIO): Promise<number> {
    let input = '';
    let status = 0;
    for (let k = 0; k < p.commands.length; k++) {
      const last = k === p.commands.length - 1;
      const chunks: string[] = [];
      const out: Sink = last ? (t) => io.write(t, 'stdout') : (t) => chunks.push(t);
      status = await this.simple(p.commands[k]!, input, out, (t) => io.write(t, 'stderr'), io, last);
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
      substitute: async (source) => {
        let captured = '';
        await this.run(source, { interrupt: io.interrupt, write: (t, s) => (s === 'stdout' ? (captured += t) : io.write(t, s)) });
        return captured;
      },
    };
  }

  private async simple(cmd: SimpleCommand, stdin: string, out: Sink, err: Sink, io: RunIO, toTerminal: boolean): Promise<number> {
    const env = this.expandEnv(io);
    const flushes: (() => void)[] = [];
    try {
      const args: string[] = [];
      for (const w of cmd.words) args.push(...(await expandWord(w, env)));
      const assigns: Record<string, string> = {};
      for (const a of cmd.assigns) assigns[a.name] = await expandString(a.value, env);
      const fds: Sink[] = [() => {}, out, err];
      let input = stdin;
      for (const r of cmd.redirects) {
        const res = await this.redirect(r, fds, env, flushes);
        if (typeof res === 'number') return res;
        if (res !== undefined) input = res;
      }
      if (args.length === 0) {
        for (const [k, v] of Object.entries(assigns)) this.env[k] = v;
        return 0;
      }
      const name = args[0]!;
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
      try {
        const status = await command(args.slice(1), ctx);
        return typeof status === 'number' ? status : 0;
      } catch (e) {
        fds[2]!(`bash: ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
        return 1;
      }
    } catch (e) {
      if (e instanceof ExpansionError) {
        err(e.message + '\n');
        return 1;
      }
      err(`bash: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    } finally {
      for (const f of flushes) f();
    }
  }

  /** Applies one redirection: returns new stdin text, an exit status on failure, or undefined. */
  private async redirect(r: Redirect, fds: Sink[], env: ExpandEnv, flushes: (() => void)[]): Promise<string | number | undefined> {
    const err = fds[2]!;
    if (r.kind === 'dup') {
      const target = fds[r.to];
      if (!target || r.to > 2) {
        err(`bash: ${r.to}: Bad file descriptor\n`);
        return 1;
      }
      fds[r.fd] = target;
      return undefined;
    }
    if (r.kind === 'heredoc') return r.doc.expand ? expandHereDoc(r.doc.body, env) : r.doc.body;
    if (r.kind === 'herestring') return (await expandString(r.word, env)) + '\n';
    const name = await expandString(r.target, env);
    const path = resolvePath(this.cwd, name, this.env.HOME);
    if (name === '' || (!this.fs.isDir(dirname(path)) && path !== '/dev/null')) {
      err(`bash: ${name}: No such file or directory\n`);
      return 1;
    }
    if (this.fs.isDir(path)) {
      err(`bash: ${name}: Is a directory\n`);
      return 1;
    }
    if (r.kind === 'file' && r.mode === 'read') {
      const content = this.fs.read(path);
      if (content === undefined) {
        err(`bash: ${name}: No such file or directory\n`);
        return 1;
      }
      return content;
    }
    const chunks: string[] = [];
    const sink: Sink = (t) => chunks.push(t);
    const base = r.mode === 'append' ? (this.fs.read(path) ?? '') : '';
    this.fs.write(path, base);
    flushes.push(() => this.fs.write(path, base + chunks.join('')));
    if (r.kind === 'both') fds[1] = fds[2] = sink;
    else fds[r.fd] = sink;
    return undefined;
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
    };
  }
}

/** A fresh, untriggered interrupt for a line that nothing can stop (tests, scripts). */
export function noInterrupt(): Interrupt {
  return new InterruptController();
}
