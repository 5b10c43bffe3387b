/**
 * The one place a course shell is wired to a cluster: kubectl bound to the cluster, the
 * terminal's command table, `sleep` on the cluster's clock, and the terminal's own
 * code-loading state (handed to every command as `ctx.loadCode`, read by whoever drives
 * cluster time). The command line, the tests, journal replay and the page all build their
 * shell here, so they run the same commands the same way.
 */
import { createCodeLoading, type CodeLoading } from '../command/code-loading.ts';
import { clockSleep } from '../command/interrupt.ts';
import type { Interrupt, VirtualFS } from '../command/contract.ts';
import { createLocalPorts, type LocalPorts } from '../command/local-ports.ts';
import { createKubectl, type Kubectl } from '../kubectl/index.ts';
import { Shell, type CommandTable, type ShellOptions } from '../shell/shell.ts';
import { createClient, type Cluster } from '../sim/index.ts';
import { createTerminalCommands } from './terminal-commands.ts';

/** How to build a terminal's shell; everything but `cluster` and `fs` has a default. */
export interface TerminalShellOptions {
  cluster: Cluster;
  /** The terminal's files (see createMemoryFS). */
  fs: VirtualFS;
  /** kubectl to use (default kubectlOn(cluster, localPorts)). */
  kubectl?: Kubectl;
  /** Command table (default createTerminalCommands(cluster, kubectl)). */
  commands?: CommandTable;
  /**
   * Waits `ms` of cluster time (default: a timer on the cluster clock, which whoever drives the
   * clock moves). Resolves false when interrupted.
   */
  sleep?: (ms: number, interrupt: Interrupt) => Promise<boolean>;
  /** Terminal width for commands (default 80). */
  cols?: () => number;
  env?: Record<string, string>;
  history?: ShellOptions['history'];
  clearScreen?: () => void;
  onStreaming?: () => void;
  yieldToHost?: () => Promise<void>;
  loopLimit?: number;
}

/** A wired shell and what its host needs to drive it. */
export interface TerminalShell {
  shell: Shell;
  kubectl: Kubectl;
  /** The table the shell reads; hosts may still add or replace commands in it. */
  commands: CommandTable;
  /** This terminal's code-loading state: hold cluster time while `loading.active`. */
  loading: CodeLoading;
  /** What this terminal's machine listens on (`kubectl port-forward`'s listeners; its curl and wget connect there). */
  localPorts: LocalPorts;
}

/**
 * A kubectl talking to `cluster` through the simulator's client. Its random source is the
 * cluster's seeded generator, so a session with the same seed draws the same names.
 */
export function kubectlOn(cluster: Cluster, localPorts?: LocalPorts): Kubectl {
  return createKubectl({ client: createClient(cluster), random: cluster.random }, localPorts);
}

/**
 * The terminal's code-loading state, also active while its cluster loads simulator code (a
 * controller or program fetched on first use): cluster time must stand still then too, and
 * every host already holds its clock on this one state.
 */
function withClusterCode(own: CodeLoading, cluster: Cluster): CodeLoading {
  return {
    get active() {
      return own.active || cluster.code.loading;
    },
    loadCode: (load) => own.loadCode(load),
  };
}

/** Builds a shell on `o.cluster` with the course's commands. */
export function createTerminalShell(o: TerminalShellOptions): TerminalShell {
  // The terminal owns its listening ports: kubectl opens forwards there, curl and wget connect there.
  const localPorts = o.kubectl?.localPorts ?? createLocalPorts();
  const kubectl = o.kubectl ?? kubectlOn(o.cluster, localPorts);
  const commands = o.commands ?? createTerminalCommands(o.cluster, kubectl);
  const loading = withClusterCode(createCodeLoading(), o.cluster);
  const shell = new Shell({
    fs: o.fs,
    commands,
    sleep: o.sleep ?? ((ms, interrupt) => clockSleep(o.cluster.clock, ms, interrupt)),
    cols: o.cols ?? (() => 80),
    env: o.env,
    history: o.history,
    clearScreen: o.clearScreen,
    onStreaming: o.onStreaming,
    yieldToHost: o.yieldToHost,
    loopLimit: o.loopLimit,
    loading,
    now: () => o.cluster.clock.now(),
  });
  return { shell, kubectl, commands, loading, localPorts };
}
