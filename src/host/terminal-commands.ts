/**
 * Which commands a course terminal has: `kubectl` and its alias `k`, `cluster` for the
 * simulated machines, `curl` and `wget` on the host machine, the shell's builtins, and `which`, `type` and `help`, which describe the
 * whole table. This is the one place where kubectl and the shell meet.
 */
import type { Kubectl } from '../kubectl/index.ts';
import type { Cluster } from '../sim/index.ts';
import { SHELL_BUILTINS, createBuiltins, lazyModule } from '../shell/commands.ts';
import { createWhich } from '../shell/builtins/misc.ts';
import { onFirstUse } from '../shell/on-demand.ts';
import type { CommandTable } from '../shell/shell.ts';
import { createHelp } from './help.ts';
import { EDITOR_COMMANDS, createEditCommand } from './editor/edit-command.ts';
import type { Command } from '../command/contract.ts';

/**
 * A fresh command table for a terminal on `cluster`, with `kubectl` as kubectl. Hosts may add or
 * replace entries afterwards (the table is a plain Map the shell reads at each command).
 */
export function createTerminalCommands(cluster: Cluster, kubectl: Kubectl): CommandTable {
  const httpClients = lazyModule(() => import('./http-clients.ts'));
  const table: CommandTable = new Map([
    ['kubectl', kubectl.run],
    ['k', kubectl.run],
    // `cluster` is rarely used: its code loads on first use, as the rarer builtins' does.
    ['cluster', onFirstUse('cluster', () => import('./cluster-command/cluster.ts').then((m) => m.createClusterCommand(cluster)))],
    // The terminal stands for the machine that runs the kind nodes: its curl and wget reach
    // node addresses, load-balancer addresses and port-forwards (one module, loaded on first use).
    ['curl', onFirstUse('curl', () => httpClients().then((m) => m.createCurl(cluster)))],
    ['wget', onFirstUse('wget', () => httpClients().then((m) => m.createWget(cluster)))],
    ...createBuiltins(() => cluster.clock.now()),
    // The terminal's editor under the names people type (the host's editor does the editing).
    ...EDITOR_COMMANDS.map((name): [string, Command] => [name, createEditCommand(name)]),
  ]);
  const { which, type } = createWhich((n) => table.has(n), SHELL_BUILTINS);
  table.set('which', which);
  table.set('type', type);
  table.set('help', createHelp(table));
  return table;
}
