/**
 * The course terminal's shell, for hosts: the page (through an xterm adapter), the command
 * line and tests. Terminal-agnostic: it only knows the Terminal interface.
 *
 * ```ts
 * const shell = createInteractiveShell({ terminal, cluster, fs: createMemoryFS(saved), history: store });
 * await shell.runCommand('kubectl get pods');   // as if typed, Enter included
 * ```
 */
import { createKubectl, type Kubectl } from '../kubectl/index.ts';
import type { Cluster } from '../sim/index.ts';
import { createCommands } from './commands.ts';
import type { Interrupt, VirtualFS } from './exec.ts';
import { History, type HistoryStore } from './history.ts';
import { InteractiveSession } from './interactive.ts';
import { clockSleep } from './interrupt.ts';
import { Shell, type CommandTable } from './shell.ts';
import type { Terminal } from './terminal.ts';

export type { Terminal } from './terminal.ts';
export type { HistoryStore } from './history.ts';
export type { Command, ExecContext, Interrupt, VirtualFS, ShellControl } from './exec.ts';
export { createMemoryFS, type MemoryFS } from './fs.ts';
export { createCommands } from './commands.ts';
export { Shell, type CommandTable, type RunIO, type ShellOptions } from './shell.ts';
export { InterruptController, clockSleep } from './interrupt.ts';
export { parse } from './parse.ts';
export { replayJournal, type JournalEntry } from './replay.ts';

export interface InteractiveShellOptions {
  terminal: Terminal;
  cluster: Cluster;
  fs: VirtualFS;
  /** Where history persists (default: kept for this session only). */
  history?: HistoryStore;
  /**
   * Main prompt (default `$ `); may contain ANSI colours and bash's `\w` (working directory,
   * `~` for home), `\W` (its last component) and `\u` (user).
   */
  prompt?: string;
  /** Prompt for continuation lines (default `> `). */
  continuationPrompt?: string;
  /**
   * Waits `ms` of cluster time (default: a timer on the cluster clock, which the page's
   * real-time driver advances). Resolves false when interrupted.
   */
  sleep?: (ms: number, interrupt: Interrupt) => Promise<boolean>;
  /** kubectl to use (default createKubectl(cluster)). */
  kubectl?: Kubectl;
  /** Command table (default createCommands(cluster, kubectl)). */
  commands?: CommandTable;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /**
   * Lets the host's event loop run (e.g. `() => new Promise(r => setTimeout(r))` in the page);
   * called during long pastes and scripts so that the page stays responsive and Ctrl-C reaches
   * them. Default: none.
   */
  yieldToHost?: () => Promise<void>;
  /** Called after each command line has run (exercise checks, analytics-free progress). */
  onCommand?: (line: string, status: number) => void;
  /** Called as a command starts, with its full text (heredoc lines included): for journals. */
  onCommandStart?: (source: string) => void;
  /** Called when Ctrl-C interrupts a running command. */
  onInterrupt?: () => void;
  /** Called when a command declares that it streams (`kubectl get -w`, `logs -f`, `watch`). */
  onStreaming?: () => void;
}

/** A shell attached to a terminal. */
export interface InteractiveShell {
  /** Types `line` (one or more lines) as if entered: echoed after the prompt, run, next prompt; queued while busy. */
  runCommand(line: string): Promise<void>;
  /** Ctrl-C. */
  interrupt(): void;
  /** Detaches from the terminal and stops whatever runs. */
  dispose(): void;
  /** True while a command runs. */
  readonly busy: boolean;
  /** The interpreter (cwd, env, last status), for hosts that inspect it. */
  readonly shell: Shell;
  /** History entries, oldest first. */
  history(): string[];
}

/** Attaches a new shell to `opts.terminal` and shows the first prompt. */
export function createInteractiveShell(opts: InteractiveShellOptions): InteractiveShell {
  const kubectl = opts.kubectl ?? createKubectl(opts.cluster);
  const commands = opts.commands ?? createCommands(opts.cluster, kubectl);
  const history = new History(opts.history);
  const terminal = opts.terminal;
  const shell = new Shell({
    fs: opts.fs,
    commands,
    sleep: opts.sleep ?? ((ms, interrupt) => clockSleep(opts.cluster.clock, ms, interrupt)),
    cols: () => terminal.cols || 80,
    env: opts.env,
    history: { list: () => history.list(), clear: () => history.clear() },
    clearScreen: () => terminal.write('\x1b[H\x1b[2J\x1b[3J'),
    onStreaming: opts.onStreaming,
    yieldToHost: opts.yieldToHost,
  });
  const session = new InteractiveSession({
    terminal,
    shell,
    history,
    prompt: opts.prompt ?? '$ ',
    continuationPrompt: opts.continuationPrompt ?? '> ',
    kubectlComplete: (args) => kubectl.complete(args),
    yieldToHost: opts.yieldToHost,
    onCommand: opts.onCommand,
    onCommandStart: opts.onCommandStart,
    onInterrupt: opts.onInterrupt,
  });
  return {
    runCommand: (line) => session.runCommand(line),
    interrupt: () => session.interrupt(),
    dispose: () => session.dispose(),
    get busy() {
      return session.busy;
    },
    shell,
    history: () => history.list(),
  };
}
