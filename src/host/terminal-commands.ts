/**
 * Which commands a course terminal has: `kubectl` and its alias `k`, `cluster` for the
 * simulated machines, `curl` and `wget` on the host machine, the shell's builtins, and `which`, `type` and `help`, which describe the
 * whole table. This is the one place where kubectl and the shell meet.
 */
import { createLocalPorts, type LocalPorts } from '../command/local-ports.ts';
import type { Kubectl } from '../kubectl/index.ts';
import type { Cluster } from '../sim/index.ts';
import { SHELL_BUILTINS, createBuiltins } from '../shell/commands.ts';
import { lazyModule } from '../command/on-demand.ts';
import { onFirstUse } from '../shell/on-demand.ts';
import type { CommandTable } from '../shell/shell.ts';
import type { Command } from '../command/contract.ts';

/** The names the terminal's editor answers to (editor/edit-command.ts, loaded on first use). */
const EDITOR_COMMANDS = ['edit', 'vi', 'vim', 'nano'];

/**
 * A fresh command table for a terminal on `cluster`, with `kubectl` as kubectl, on a machine
 * listening on `localPorts` (default: kubectl's, so its port-forwards reach this curl). Hosts may add or
 * replace entries afterwards (the table is a plain Map the shell reads at each command).
 */
export function createTerminalCommands(cluster: Cluster, kubectl: Kubectl, localPorts: LocalPorts = kubectl.localPorts ?? createLocalPorts()): CommandTable {
  const httpClients = lazyModule(() => import('./http-clients.ts'));
  const editor = lazyModule(() => import('./editor/edit-command.ts'));
  const kubectlRun = afterClusterCode(cluster, kubectl.run);
  const table: CommandTable = new Map([
    ['kubectl', kubectlRun],
    ['k', kubectlRun],
    // `cluster` is rarely used: its code loads on first use, as the rarer builtins' does.
    ['cluster', afterClusterCode(cluster, onFirstUse('cluster', () => import('./cluster-command/cluster.ts').then((m) => m.createClusterCommand(cluster))))],
    // The terminal stands for the machine that runs the kind nodes: its curl and wget reach
    // node addresses, load-balancer addresses, kind's port mappings and the ports this terminal's
    // kubectl forwards (the same LocalPorts, so a forward is reachable from this terminal only).
    ['curl', afterClusterCode(cluster, onFirstUse('curl', () => httpClients().then((m) => m.createCurl(cluster, localPorts))))],
    ['wget', afterClusterCode(cluster, onFirstUse('wget', () => httpClients().then((m) => m.createWget(cluster, localPorts))))],
    ...createBuiltins(() => cluster.clock.now()),
    // The terminal's editor under the names people type (the host's editor does the editing).
    ...EDITOR_COMMANDS.map((name): [string, Command] => [name, onFirstUse(name, () => editor().then((m) => m.createEditCommand(name)))]),
  ]);
  // `which` and `type` load on first use, as the rarer builtins do.
  const which = lazyModule(() => import('../shell/builtins/which.ts').then((m) => m.createWhich((n) => table.has(n), SHELL_BUILTINS)));
  table.set('which', onFirstUse('which', () => which().then((m) => m.which)));
  table.set('type', onFirstUse('type', () => which().then((m) => m.type)));
  // `help` is read rarely: its text loads on first use.
  table.set('help', onFirstUse('help', () => import('./help.ts').then((m) => m.createHelp(table))));
  return table;
}

/**
 * `cmd`, started only once the cluster has the simulator code its objects need (a controller
 * that loads on first use): a command that reads or changes the cluster sees it as it would
 * with that code there from the start, since the wait is loading code, not cluster time.
 */
function afterClusterCode(cluster: Cluster, cmd: Command): Command {
  const wrapped: Command = async (args, ctx) => {
    if (cluster.code.loading) await ctx.loadCode(cluster.code.ready());
    return cmd(args, ctx);
  };
  if (cmd.readsInput) wrapped.readsInput = true;
  return wrapped;
}
