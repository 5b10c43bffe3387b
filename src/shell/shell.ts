/**
 * The interpreter: runs parsed command lines against a command table, with the working
 * directory, variables, functions, aliases, background jobs and `$?` that persist between
 * lines. It knows nothing about keys or screens; the interactive shell (interactive.ts) and
 * the transcript runner (src/cli) feed it lines and show what it writes.
 *
 * As in bash, the stages of a pipeline run concurrently, each in a subshell (a fork of this
 * shell: `echo x | read v` sets nothing here), and so do background jobs and `$(...)`.
 * Compound commands live in compound.ts (loaded on first use, see shell-code.ts), simple
 * commands in simple.ts.
 */
import type { AndOr, FunctionDef, Pipeline, Script } from '../shell-grammar/ast.ts';
import { notTracked, type CodeLoading } from '../command/code-loading.ts';
import type { Command, ExecContext, Interrupt, ShellControl, VirtualFS } from '../command/contract.ts';
import type { ExpandEnv } from './expand.ts';
import { InterruptController, childInterrupt } from '../command/interrupt.ts';
import { ShellInput } from './input.ts';
import { JobTable, type PidSource } from './jobs.ts';
import { parse, readingDialect } from './parse.ts';
import { HOME } from './path.ts';
import { printJob } from './print.ts';
import type { Sink } from './redirect.ts';
import type { CompletionSpec, ShellState } from './shell-access.ts';
import { loadFailure, type LoadCode, type ShellCodePart } from './shell-code.ts';
import { compoundCode } from './compound-code.ts';
import { programsCode } from './programs-code.ts';
import { neededCode } from './code-needs.ts';
import { runSimple } from './simple.ts';
import { runConcurrentStages } from './pipeline.ts';
import { shellControl } from './control.ts';
import { devFdView } from './dev-fd.ts';
import { arrayItems } from './assign.ts';
import { tokenize } from '../shell-grammar/tokenize.ts';
import { copyArray, type ShellArray, type VariableStore } from './variables.ts';
import { DEFAULT_OPTIONS, DEFAULT_SHOPTS, optionFlags } from './shell-options.ts';
import { forkRandom, nextRandom, nextSecureRandom, seedRandom, type RandomState } from './random.ts';

/** Name -> command. Builtins, `kubectl` and `k` live here (see src/host/terminal-commands.ts). */
export type CommandTable = Map<string, Command>;

/** Where a running line's output goes, and how it is stopped. */
export interface RunIO {
  /** Output in the order written; `\n` line endings (hosts convert for terminals). */
  write(text: string, stream: 'stdout' | 'stderr'): void;
  interrupt: Interrupt;
  /** Input for the first command of each pipeline (default none). */
  stdin?: string | ShellInput;
  /** The keyboard (see ExecContext.readLine): handed to a lone command that reads from the terminal. */
  readLine?(prompt: string): Promise<string | null>;
  /** Whether stdout is the terminal (default true; false inside a compound command writing into a pipe or file). */
  toTerminal?: boolean;
  /** The host's editor (see ExecContext.edit): handed, like the keyboard, to a lone command at the terminal. */
  edit?: ExecContext['edit'];
  /** How many lines the command line took at the prompt (for `$LINENO`); only hosts running what the reader typed set it. */
  lines?: number;
}

export { LOOP_LIMIT_WITHOUT_YIELD, MAX_FUNCTION_NESTING } from './limits.ts';

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
  /** The terminal's clock in milliseconds (cluster time), for `$EPOCHSECONDS` and `$EPOCHREALTIME` (default 0). */
  now?: () => number;
}

/** The bash the terminal is: `$BASH_VERSION` and `${BASH_VERSINFO[@]}`, as Debian 12's bash. */
export const BASH_VERSION = '5.2.15(1)-release';
const BASH_VERSINFO = ['5', '2', '15', '1', 'release', 'x86_64-pc-linux-gnu'];

/** A command line interpreter with persistent cwd, variables and last status. */
export class Shell implements ShellState {
  cwd = HOME;
  readonly env: Record<string, string>;
  /** Arrays (`a=(x y)`, `declare -A m`), beside the scalars in `env`. */
  readonly arrays = new Map<string, ShellArray>();
  /** Names with the integer attribute (`declare -i`). */
  readonly integers = new Set<string>();
  /** Names marked for export (see ShellState.exported). */
  readonly exported = new Set<string>();
  /** Names with the readonly attribute (`readonly`, `declare -r`). */
  readonly readonlyVars = new Set<string>();
  /** `trap` actions by signal (see builtins/trap.ts). */
  readonly traps = new TrapTable();
  /** @internal A trap's action is running (it does not trigger itself). */
  private inTrap = false;
  /** @internal False in a `bash -c` the shell started: `$-` then has no `i`. */
  interactive = true;
  /** @internal `$LINENO`: the line of the command running, in its script (or its line at the prompt). */
  lineno = 0;
  /** @internal Added to a command's line in its input: the lines read before it at the prompt, or where a `$(...)` stands in a script. */
  lineOffset = 0;
  /** @internal Lines read at the prompt so far. */
  private linesRead = 0;
  /** @internal The script, sourced file or `bash -c` name bash's messages start with (`s.sh: line 2: `); undefined at the prompt. */
  errorName: string | undefined;
  /** @internal Running a `bash -c` string (its functions report as "environment"). */
  commandString = false;
  /** @internal `$0`: `bash` at the prompt, the NAME of `bash -c CMD NAME`, the script of `bash FILE`. */
  arg0 = 'bash';
  /** @internal `$BASHPID`: the terminal's shell is `$$`; a subshell takes a process ID when it first asks. */
  private bashPid: string | undefined;
  /** @internal `$RANDOM`'s generator. */
  random: RandomState = { seed: 1, last: -1 };
  /** Subshells made so far (each gets its own `$RANDOM` sequence from it). */
  private forks = 0;
  /** `set -o` options that are on (see builtins/set.ts). */
  readonly options = new Set<string>(DEFAULT_OPTIONS);
  /** `shopt` options that are on (see builtins/shopt.ts). */
  readonly shopts = new Set<string>(DEFAULT_SHOPTS);
  /** `$?`: status of the last command. */
  status = 0;
  readonly functions = new Map<string, FunctionDef>();
  readonly aliases = new Map<string, string>();
  /** `complete` specifications (builtins/complete.ts). */
  readonly completions = new Map<string, CompletionSpec>();
  positional: string[] = [];
  readonly jobs: JobTable;
  /** Where background jobs write (default: where the line that started them wrote); hosts set it. */
  jobOutput: RunIO['write'] | undefined;
  /** Told about an error a command threw (the reader sees `bash: internal error`); set by the host. */
  onInternalError: ((e: unknown) => void) | undefined;
  /** @internal */ readonly opts: ShellOptions;
  /** @internal Commands run so far, for yielding to the host every few. */
  ran = 0;
  /** @internal Set by `break` / `continue` until the enclosing loop takes it. */
  loopControl: { kind: 'break' | 'continue'; levels: number } | undefined;
  /** @internal */ loopDepth = 0;
  /** @internal Conditions being run (`if`, `while`, `a && b`): `set -e` ignores failures there. */
  testedDepth = 0;
  /** @internal `$(...)` nesting, for `set -x`'s `+` (`++` inside a command substitution). */
  traceDepth = 1;
  /** @internal Set by `return` until the function or sourced file takes it. */
  returning: number | undefined;
  /** @internal Set by `exit N` in a subshell: the subshell ends with status N. */
  exited: number | undefined;
  /** @internal Saved values of `local` variables, one frame per function call. */
  readonly frames: Map<string, SavedVariable>[] = [];
  /** @internal */ sourceDepth = 0;
  /** @internal `/dev/fd/N` files of process substitutions, while their command runs. */
  readonly devFd = new Map<string, string>();
  /** @internal `${PIPESTATUS[@]}` */
  pipeStatus: number[] = [0];
  /** @internal Aliases being expanded (an alias is not expanded inside itself). */
  readonly expandingAliases = new Set<string>();
  /** @internal The files commands see: the terminal's, plus `/dev/fd/N`. */
  readonly fsView: VirtualFS;
  private readonly pids: PidSource;
  /** @internal Commands currently running inside other commands (see MAX_NESTED_RUNS in control.ts). */
  nestedRuns = 0;
  /** Nesting of execute(); the outermost call owns the command line's abort. */
  private depth = 0;
  /** Ends the whole command line after a fatal error (an expansion too large to hold). */
  private abortLine: ((status: number) => void) | undefined;
  /** Prints `[1] PID` when a job starts: only the shell at the prompt does, not its subshells. */
  private readonly announcesJobs: boolean;

  constructor(opts: ShellOptions, pids: PidSource = { next: 2317 }, announcesJobs = true) {
    this.opts = opts;
    this.pids = pids;
    this.announcesJobs = announcesJobs;
    this.jobs = new JobTable(pids);
    this.env = {
      HOME,
      USER: 'learner',
      LOGNAME: 'learner',
      PWD: HOME,
      PATH: '/usr/local/bin:/usr/bin:/bin',
      SHELL: '/bin/bash',
      TERM: 'xterm-256color',
      ...opts.env,
    };
    this.fsView = devFdView(opts.fs, this.devFd);
    for (const k of Object.keys(this.env)) this.exported.add(k);
    this.arrays.set('PIPESTATUS', { assoc: false, items: new Map([[0, '0']]) });
    this.env.BASH_VERSION ??= BASH_VERSION;
    this.arrays.set('BASH_VERSINFO', { assoc: false, items: new Map(BASH_VERSINFO.map((v, k) => [k, v])) });
    this.readonlyVars.add('BASH_VERSINFO');
  }

  get commands(): CommandTable {
    return this.opts.commands;
  }

  get fs(): VirtualFS {
    return this.opts.fs;
  }

  /** @internal A subshell (a pipeline stage, a job, `( )`, `$(...)`), where `exit` ends it. */
  get subshell(): boolean {
    return !this.announcesJobs;
  }

  /** @internal `return` or `exit` is unwinding the commands that run. */
  get unwinding(): boolean {
    return this.returning !== undefined || this.exited !== undefined;
  }

  get functionDepth(): number {
    return this.frames.length;
  }

  /**
   * A subshell: a copy of this shell's variables, directory, functions and aliases, with no
   * jobs. A `background` one (a job) does not tell the host it streams: the host's command is
   * the one in the foreground.
   */
  fork(background = false): Shell {
    const child = new Shell(background ? { ...this.opts, onStreaming: undefined } : this.opts, this.pids, false);
    child.cwd = this.cwd;
    for (const k of Object.keys(child.env)) delete child.env[k];
    Object.assign(child.env, this.env);
    for (const [k, v] of this.arrays) child.arrays.set(k, copyArray(v));
    for (const k of this.integers) child.integers.add(k);
    for (const k of this.exported) child.exported.add(k);
    for (const k of this.readonlyVars) child.readonlyVars.add(k);
    child.options.clear();
    for (const k of this.options) child.options.add(k);
    child.shopts.clear();
    for (const k of this.shopts) child.shopts.add(k);
    child.status = this.status;
    for (const [k, v] of this.functions) child.functions.set(k, v);
    for (const [k, v] of this.aliases) child.aliases.set(k, v);
    for (const [k, v] of this.completions) child.completions.set(k, { options: new Set(v.options), actions: new Set(v.actions), values: new Map(v.values) });
    child.positional = [...this.positional];
    for (let k = 0; k < this.frames.length; k++) child.frames.push(new Map());
    child.jobs.lastPid = this.jobs.lastPid;
    child.jobOutput = this.jobOutput;
    child.onInternalError = this.onInternalError;
    child.pipeStatus = this.pipeStatus;
    child.testedDepth = this.testedDepth;
    child.traceDepth = this.traceDepth;
    child.interactive = this.interactive;
    child.arg0 = this.arg0;
    child.lineno = this.lineno;
    child.lineOffset = this.lineOffset;
    child.errorName = this.errorName;
    child.commandString = this.commandString;
    child.random = forkRandom(this.random, ++this.forks);
    // A subshell starts with the default actions, except for signals that are ignored (`trap '' INT`).
    for (const [k, v] of this.traps) if (v === '') child.traps.set(k, v);
    // `set -E` hands the ERR trap to subshells, `set -T` the DEBUG and RETURN traps.
    for (const [k, on] of [['ERR', 'errtrace'], ['DEBUG', 'functrace'], ['RETURN', 'functrace']] as const) {
      const action = this.traps.get(k);
      if (action !== undefined && this.options.has(on)) child.traps.set(k, action);
    }
    return child;
  }

  /** Parses and runs complete input (a line, or a script); syntax errors print and give 2. */
  async run(source: string, io: RunIO): Promise<number> {
    const parsed = parse(source, true, readingDialect(this.shopts));
    // Only a script, `bash -c` or a sourced file has a name; their builtins loaded programs.ts.
    if (!parsed.ok && this.errorName !== undefined) return programsCode.now().scriptSyntaxError(this, source, parsed, io);
    if (!parsed.ok) {
      io.write((parsed.incomplete ? 'bash: syntax error: unexpected end of file' : parsed.message) + '\n', 'stderr');
      return (this.status = 2);
    }
    for (const w of parsed.warnings) io.write(w + '\n', 'stderr');
    return this.execute(parsed.script, io);
  }

  /** @internal `NAME: line N: `, what bash puts before its messages in a script or `bash -c` (undefined at the prompt). */
  errorLabel(): string | undefined {
    if (this.errorName === undefined) return undefined;
    // A function defined in a `bash -c` string reports from bash's "environment".
    const name = this.frames.length > 0 && this.commandString ? 'environment' : this.errorName;
    return `${name}: line ${this.lineno}: `;
  }

  /** Runs a parsed script; stops at the first chain after an interrupt (status 130). */
  async execute(script: Script, io: RunIO): Promise<number> {
    // The rarer parts of the shell the script needs load before any of it runs.
    const missing = neededCode(script);
    if (missing.length > 0 && !(await this.loadParts(missing, io))) return (this.status = 126);
    if (this.depth > 0) return this.executeChains(script, io);
    // At the prompt, each line read counts for `$LINENO`, as in an interactive bash.
    if (io.lines !== undefined && !this.subshell && this.errorName === undefined && !this.inTrap) {
      this.lineOffset = this.linesRead;
      this.linesRead += io.lines;
    }
    const line = childInterrupt(io.interrupt);
    let fatal: number | undefined;
    this.abortLine = (status) => {
      fatal = status;
      line.trigger();
    };
    this.depth++;
    let status: number;
    try {
      status = await this.executeChains(script, { ...io, interrupt: line });
      if (this.exited !== undefined) status = this.status = this.exited;
      else if (fatal !== undefined) status = this.status = fatal;
    } finally {
      this.depth--;
      this.abortLine = undefined;
    }
    // Ctrl-C runs the INT trap; a subshell that ends runs its EXIT trap.
    if (line.interrupted && fatal === undefined && io.interrupt.interrupted) await this.runTrap('SIGINT', io);
    if (this.subshell) await this.runTrap('EXIT', io);
    return this.exited ?? status;
  }

  /** Loads `parts` as the terminal's code loading; false (and a message) when one cannot be fetched. */
  private async loadParts(parts: ShellCodePart<unknown>[], io: RunIO): Promise<boolean> {
    // They download side by side; the first that fails is reported.
    const failures = await Promise.all(parts.map((part) => part.load(this.loadCode).then(() => undefined, (e: unknown) => loadFailure(part, e))));
    const failure = failures.find((f) => f !== undefined);
    if (failure !== undefined) io.write(failure + '\n', 'stderr');
    return failure === undefined;
  }

  /** @internal Awaits a download as this terminal's code loading (the host holds cluster time meanwhile). */
  readonly loadCode: LoadCode = (load) => (this.opts.loading ?? notTracked).loadCode(load);

  /** @internal The status of the last `$(...)` that ran: a command of assignments alone (`x=$(false)`) ends with it. */
  substitutionStatus: number | undefined;

  /** @internal `$?` when `return` ran. */
  statusBeforeReturn = 0;

  /** @internal The command about to run, for `$BASH_COMMAND` (printed when asked for). */
  currentCommand: (() => string) | undefined;

  /**
   * @internal The DEBUG trap, before a simple command, `[[ ]]`, `(( ))`, `for` or `case` runs
   * (`text` prints it for `$BASH_COMMAND`); inside functions only with `set -T` (functrace).
   */
  async debugTrap(text: () => string, io: RunIO): Promise<void> {
    if (!this.noteCommand(text) || !this.traps.has('DEBUG')) return;
    if (this.frames.length > 0 && !this.options.has('functrace')) return;
    await this.runTrap('DEBUG', io);
  }

  /** @internal Sets `$BASH_COMMAND`; false inside a trap, whose own commands leave it naming the command that set it off. */
  noteCommand(text: () => string): boolean {
    if (this.inTrap) return false;
    this.currentCommand = text;
    return true;
  }

  /** @internal Runs the action of `key`'s trap, if one is set and none is running; `$?` is kept for the action and after it. */
  async runTrap(key: string, io: RunIO): Promise<void> {
    const action = this.traps.get(key);
    if (!action || this.inTrap) return;
    const status = this.status;
    const exited = this.exited;
    this.exited = undefined;
    this.inTrap = true;
    try {
      await this.run(action, { ...io, interrupt: noInterrupt() });
    } finally {
      this.inTrap = false;
    }
    // `exit` inside the action sets the status the shell ends with.
    this.exited ??= exited;
    this.status = this.exited ?? status;
  }

  /** Reports of background jobs that ended since the last call, as bash prints them before a prompt. */
  takeJobNotices(): string {
    return this.jobs.takeNotices();
  }

  /** The terminal is going away (end of a transcript or replay): every job gets SIGHUP, as at bash's exit. */
  hangUp(): void {
    this.jobs.hangUp();
  }

  /** @internal Ends the whole command line with `status` (an expansion too large to hold: 2; an arithmetic error: 1). */
  abort(status = 2): void {
    this.abortLine?.(status);
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
      if (this.loopControl || this.unwinding) break;
      if (chain.background) {
        this.startJob(chain, io);
        this.status = 0;
        continue;
      }
      // With `set -e`, a failure ends the shell unless it is tested: every pipeline of an
      // `a && b || c` list but the last is, and so is a negated one (`! cmd`).
      const last = chain.rest.length;
      let status = await this.tested(last > 0, () => this.pipeline(chain.first, io));
      let failed = status !== 0 && last === 0 && !chain.first.negate;
      for (let k = 0; k < last; k++) {
        const { op, pipeline } = chain.rest[k]!;
        if (io.interrupt.interrupted || this.loopControl || this.unwinding) break;
        if ((op === '&&') === (status === 0)) {
          status = await this.tested(k < last - 1, () => this.pipeline(pipeline, io));
          failed = status !== 0 && k === last - 1 && !pipeline.negate;
        }
      }
      this.status = io.interrupt.interrupted ? 130 : status;
      if (failed && this.testedDepth === 0 && !io.interrupt.interrupted && !this.unwinding) {
        // Functions run the ERR trap only with `set -E` (errtrace).
        if (this.frames.length === 0 || this.options.has('errtrace')) await this.runTrap('ERR', io);
        this.status = status;
        if (this.options.has('errexit')) this.errexit(status);
      }
    }
    return this.status;
  }

  /** @internal Runs the condition of `if`, `while` or `until`: a failure there does not trigger `set -e`. */
  condition(script: Script, io: RunIO): Promise<number> {
    return this.tested(true, () => this.execute(script, io));
  }

  private async tested(tested: boolean, run: () => Promise<number>): Promise<number> {
    if (!tested) return run();
    this.testedDepth++;
    try {
      return await run();
    } finally {
      this.testedDepth--;
    }
  }

  /**
   * `set -e` after an untested failure: a subshell exits with the status; the terminal's own
   * shell, which bash would close, stops the rest of the line instead (the page keeps it open).
   */
  private errexit(status: number): void {
    if (this.subshell) this.exited = status;
    else this.abort(status);
  }

  /** `CHAIN &`: runs in a subshell of its own, stopped only by `kill`, `fg` + Ctrl-C or hangUp(). */
  private startJob(chain: AndOr, io: RunIO): void {
    const child = this.fork(true);
    const write = this.jobOutput ?? io.write;
    const job = this.jobs.start(printJob({ ...chain, background: false }), (interrupt) =>
      child.execute([{ ...chain, background: false }], { write, interrupt }),
    );
    if (this.announcesJobs) io.write(`[${job.id}] ${job.pid}\n`, 'stderr');
  }

  /** @internal Runs a pipeline: one command here, several concurrently, each in a subshell. */
  async pipeline(p: Pipeline, io: RunIO): Promise<number> {
    const input = io.stdin === undefined || io.stdin === '' ? NO_INPUT : typeof io.stdin === 'string' ? ShellInput.of(io.stdin) : io.stdin;
    const err: Sink = (t) => io.write(t, 'stderr');
    let statuses: number[];
    if (p.commands.length === 1) {
      // Only a command alone on its line, reading from the terminal, gets the keyboard.
      const keyboard = io.stdin === undefined ? io.readLine : undefined;
      const editor = io.stdin === undefined ? io.edit : undefined;
      statuses = [
        await this.stage(p.commands[0]!, input, (t) => io.write(t, 'stdout'), err, io, { toTerminal: io.toTerminal ?? true, keyboard, editor, direct: false }),
      ];
    } else statuses = await runConcurrentStages(this, p, input, io);
    let status = statuses[statuses.length - 1]!;
    // `set -o pipefail`: the last stage that failed gives the status.
    if (this.options.has('pipefail')) status = [...statuses].reverse().find((s) => s !== 0) ?? 0;
    if (p.negate) status = status === 0 ? 1 : 0;
    this.pipeStatus = statuses;
    this.arrays.set('PIPESTATUS', { assoc: false, items: new Map(statuses.map((v, k) => [k, String(v)])) });
    return (this.status = status);
  }

  /** @internal One element of a pipeline. `direct`: a stage reading a pipe (it waits for all of it unless it streams). */
  async stage(cmd: Pipeline['commands'][number], input: ShellInput, out: Sink, err: Sink, io: RunIO, o: StageOptions): Promise<number> {
    if (++this.ran % 64 === 0) await this.opts.yieldToHost?.();
    if (cmd.kind === undefined) return runSimple(this, cmd, input, out, err, io, o);
    if (cmd.kind === 'function') {
      this.functions.set(cmd.name, cmd);
      return 0;
    }
    const compound = compoundCode.loaded ?? (await this.loadCompound(err));
    if (!compound) return 126;
    return compound.runCompound(this, cmd, input, out, err, io, o.toTerminal);
  }

  /** The compound executors, when a command needs them before its line asked (undefined, after a message, when they cannot be fetched). */
  private async loadCompound(err: Sink): Promise<typeof import('./compound.ts') | undefined> {
    try {
      return await compoundCode.load(this.loadCode);
    } catch (e) {
      err(loadFailure(compoundCode, e) + '\n');
      return undefined;
    }
  }

  /** @internal The expansion environment of a command run with `io`; `/dev/fd/N` files it makes are listed in `made`. */
  expandEnv(io: RunIO, made?: string[]): ExpandEnv {
    let fd = 63;
    return {
      vars: this.env,
      arrays: this.arrays,
      integers: this.integers,
      readonly: this.readonlyVars,
      status: this.status,
      cwd: this.cwd,
      fs: this.fsView,
      positional: this.positional,
      yieldToHost: this.opts.yieldToHost,
      warn: (text) => io.write(text, 'stderr'),
      loadCode: this.loadCode,
      special: (name) => this.special(name),
      nounset: this.options.has('nounset'),
      noglob: this.options.has('noglob'),
      shopts: this.shopts,
      substitute: async (source) => {
        let captured = '';
        this.substitutionStatus = await this.substituteShell().run(source, { interrupt: io.interrupt, write: (t, s) => (s === 'stdout' ? (captured += t) : io.write(t, s)) });
        return captured;
      },
      processSubstitute: async (source) => {
        let captured = '';
        await this.substituteShell().run(source, { interrupt: io.interrupt, write: (t, s) => (s === 'stdout' ? (captured += t) : io.write(t, s)) });
        const path = `/dev/fd/${fd--}`;
        this.devFd.set(path, captured);
        made?.push(path);
        return path;
      },
    };
  }

  /** The subshell of a `$(...)` or `<(...)`: one level deeper for `set -x`, and without `set -e` (bash's default, not `inherit_errexit`). */
  private substituteShell(): Shell {
    const child = this.fork();
    child.traceDepth++;
    // In a script, `$LINENO` inside `$(...)` is the line it stands on; an interactive bash counts from 1 there.
    child.lineOffset = this.errorName !== undefined ? this.lineno - 1 : 0;
    child.options.delete('errexit');
    return child;
  }

  private special(name: string): string | undefined {
    if (name === '!') return this.jobs.lastPid;
    if (name === '-') return optionFlags(this.options, this.interactive);
    if (name === '0') return this.arg0;
    if (name !== 'RANDOM' && Object.prototype.hasOwnProperty.call(this.env, name)) return undefined;
    if (name === 'BASHPID') return (this.bashPid ??= this.subshell ? String(this.pids.next++) : '1');
    if (name === 'EPOCHSECONDS') return String(Math.floor((this.opts.now?.() ?? 0) / 1000));
    if (name === 'EPOCHREALTIME') {
      const ms = this.opts.now?.() ?? 0;
      return `${Math.floor(ms / 1000)}.${String(Math.floor(ms % 1000) * 1000).padStart(6, '0')}`;
    }
    if (name === 'LINENO') return String(this.lineno);
    if (name === 'BASH_COMMAND') return this.currentCommand?.() ?? '';
    if (name === 'SRANDOM') return String(nextSecureRandom(this.random));
    if (name === 'RANDOM') {
      // `RANDOM=N` lands in the variables: it seeds the generator and the variable stays computed.
      if (Object.prototype.hasOwnProperty.call(this.env, 'RANDOM')) {
        seedRandom(this.random, this.env.RANDOM!);
        delete this.env.RANDOM;
      }
      return String(nextRandom(this.random));
    }
    return undefined;
  }

  /** @internal Runs a function: its arguments become `$1`..., its `local`s are undone after (function-call.ts). */
  callFunction(fn: FunctionDef, args: string[], input: ShellInput, out: Sink, err: Sink, io: RunIO): Promise<number> {
    // A function exists once its definition ran, which loaded the compound executors.
    const compound = compoundCode.loaded;
    if (compound) return compound.callFunction(this, fn, args, input, out, err, io);
    return this.loadCompound(err).then((c) => (c ? c.callFunction(this, fn, args, input, out, err, io) : 126));
  }

  /** @internal After a function or sourced file: the status `return` asked for, if it did. */
  takeReturn(status: number): number {
    if (this.returning === undefined) return status;
    const r = this.returning;
    this.returning = undefined;
    return r;
  }

  declareLocal(name: string, value: string | undefined): void {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) return;
    if (!frame.has(name)) {
      frame.set(name, {
        value: Object.prototype.hasOwnProperty.call(this.env, name) ? this.env[name] : undefined,
        array: this.arrays.get(name),
        integer: this.integers.has(name),
      });
      this.arrays.delete(name);
      this.integers.delete(name);
    }
    this.env[name] = value ?? '';
  }

  /** @internal A variable as it was before a function's `local` (see declareLocal). */
  restoreVariable(name: string, saved: SavedVariable): void {
    if (saved.value === undefined) delete this.env[name];
    else this.env[name] = saved.value;
    if (saved.array) this.arrays.set(name, saved.array);
    else this.arrays.delete(name);
    if (saved.integer) this.integers.add(name);
    else this.integers.delete(name);
  }

  /** The environment a program gets: the exported variables that are set. */
  exportedEnv(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of this.exported) if (Object.prototype.hasOwnProperty.call(this.env, k)) out[k] = this.env[k]!;
    return out;
  }

  /** The shell's variables, as assignments and `declare` change them. */
  get variables(): VariableStore {
    return { vars: this.env, arrays: this.arrays, integers: this.integers, readonly: this.readonlyVars };
  }

  async compoundItems(text: string, ctx: ExecContext): Promise<{ key?: string; value: string }[]> {
    const inner = text.replace(/^\(/, '').replace(/\)$/, '');
    const t = tokenize(inner, true);
    if (!t.ok) return [];
    const words = t.tokens.flatMap((tok) => (tok.type === 'word' ? [tok.word] : []));
    const io: RunIO = { interrupt: ctx.interrupt, write: (s, stream) => (stream === 'stdout' ? ctx.stdout(s) : ctx.stderr(s)) };
    return arrayItems(words, this.expandEnv(io));
  }

  requestReturn(status: number): void {
    // The RETURN trap sees `$?` as it was before `return` ran.
    this.statusBeforeReturn = this.status;
    this.returning = status;
  }


  runProgram(text: string, arg0: string, args: string[], options: Set<string>, ctx: ExecContext, fromFile = false): Promise<number> {
    return programsCode.now().runProgram(this, text, arg0, args, options, ctx, fromFile);
  }

  evaluate(text: string, ctx: ExecContext): Promise<number> {
    return programsCode.now().evaluate(this, text, ctx);
  }

  source(name: string, text: string, args: string[] | undefined, ctx: ExecContext): Promise<number> {
    return programsCode.now().source(this, name, text, args, ctx);
  }

  /** @internal The execution context of a command. Reading `stdin` takes what is left of `input`. */
  context(input: ShellInput, stdout: Sink, stderr: Sink, interrupt: Interrupt, env: Record<string, string>): ExecContext {
    const ctx: ExecContext = {
      stdin: '',
      input,
      stdout,
      stderr,
      interrupt,
      fs: this.fsView,
      cwd: this.cwd,
      env,
      cols: this.opts.cols?.() ?? 80,
      sleep: (ms) => this.opts.sleep(ms, interrupt),
      streaming: () => this.opts.onStreaming?.(),
      loadCode: this.loadCode,
      shell: (this.controlCache ??= shellControl(this)),
    };
    // Most commands have no input; only one with some takes it when it reads `stdin` (so a
    // command in a `while read` loop that never reads leaves the loop's input alone).
    if (input !== NO_INPUT) {
      let text: string | undefined;
      Object.defineProperty(ctx, 'stdin', { get: () => (text ??= input.takeAvailable()), enumerable: true, configurable: true });
    }
    return ctx;
  }

  private controlCache: ShellControl | undefined;
}

/** `trap` actions by signal; counts how often RETURN's is set, since a function that sets it gets it when it returns. */
class TrapTable extends Map<string, string> {
  returnSets = 0;
  override set(key: string, value: string): this {
    if (key === 'RETURN') this.returnSets++;
    return super.set(key, value);
  }
}

/** A variable's value before `local` shadowed it in a function. */
export interface SavedVariable {
  value: string | undefined;
  array: ShellArray | undefined;
  integer: boolean;
}

/** The input of a command with none: end of input at once (it holds nothing, so one serves every command). */
const NO_INPUT = ShellInput.of('');

/** How a pipeline stage runs. */
export interface StageOptions {
  /** Its output goes to the terminal (not a pipe). */
  toTerminal: boolean;
  keyboard?: RunIO['readLine'];
  /** The host's editor, for a lone command at the terminal (like the keyboard). */
  editor?: RunIO['edit'];
  /** It reads a pipe from the stage before it. */
  direct: boolean;
}

/** A fresh, untriggered interrupt for a line that nothing can stop (tests, scripts). */
export function noInterrupt(): Interrupt {
  return new InterruptController();
}
