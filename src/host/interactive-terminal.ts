/**
 * A course terminal for a screen: the shell wired to a cluster (terminal.ts) behind the
 * interactive front end (prompt, line editing, history, Tab completion with kubectl's
 * candidates, Ctrl-C). The page (through an xterm adapter), the interactive command line and
 * tests open terminals here.
 *
 * ```ts
 * const term = createInteractiveShell({ terminal, cluster, fs: createMemoryFS(saved), history: store });
 * startRealtimeDriver(cluster.clock, { held: () => term.loading.active });
 * await term.runCommand('kubectl get pods');   // as if typed, Enter included
 * ```
 */
import type { CodeLoading } from '../command/code-loading.ts';
import type { ExecContext, Interrupt, VirtualFS } from '../command/contract.ts';
import type { Kubectl } from '../kubectl/index.ts';
import { History, type HistoryStore } from '../shell/history.ts';
import { InteractiveSession } from '../shell/interactive.ts';
import type { CommandTable, Shell } from '../shell/shell.ts';
import type { Terminal } from '../shell/terminal.ts';
import type { Cluster } from '../sim/index.ts';
import { createTerminalShell } from './terminal.ts';

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
  /** kubectl to use (default kubectlOn(cluster)). */
  kubectl?: Kubectl;
  /** Command table (default createTerminalCommands(cluster, kubectl)). */
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
  /** Called with an error that escaped a command (the reader sees `bash: internal error`): report it. */
  onInternalError?: (e: unknown) => void;
  /**
   * The terminal's editor (the page's editor panel, the command line's vi-like editor), handed
   * to `vi FILE` and `kubectl edit` run at this terminal; without it they answer as a machine
   * without an editor does (see ExecContext.edit).
   */
  edit?: ExecContext['edit'];
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
  /** This terminal's code-loading state: whoever moves cluster time holds it while `active`. */
  readonly loading: CodeLoading;
  /** History entries, oldest first. */
  history(): string[];
  /** Prints a host's notice (ending in a newline) on lines of its own, the prompt drawn again below it. */
  notice(text: string): void;
}

/** Attaches a new shell to `opts.terminal` and shows the first prompt. */
export function createInteractiveShell(opts: InteractiveShellOptions): InteractiveShell {
  const history = new History(opts.history);
  const terminal = opts.terminal;
  const { shell, kubectl, loading } = createTerminalShell({
    cluster: opts.cluster,
    fs: opts.fs,
    kubectl: opts.kubectl,
    commands: opts.commands,
    sleep: opts.sleep,
    cols: () => terminal.cols || 80,
    env: opts.env,
    history: { list: () => history.list(), clear: () => history.clear() },
    clearScreen: () => terminal.write('\x1b[H\x1b[2J\x1b[3J'),
    onStreaming: opts.onStreaming,
    yieldToHost: opts.yieldToHost,
  });
  shell.onInternalError = opts.onInternalError;
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
    onInternalError: opts.onInternalError,
    edit: opts.edit,
  });
  return {
    runCommand: (line) => session.runCommand(line),
    interrupt: () => session.interrupt(),
    dispose: () => session.dispose(),
    get busy() {
      return session.busy;
    },
    shell,
    loading,
    history: () => history.list(),
    notice: (text) => session.notice(text),
  };
}
