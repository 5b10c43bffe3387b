/**
 * `cluster`: the learner's hands on the simulated machines (not a kubectl command): list them,
 * add one, stop or start one (as if its power were cut), remove one. The simulator owns what
 * these mean (src/sim/index.ts: addNode, stopNode, startNode, removeNode); this command only
 * parses arguments and reports.
 */
import type { Cluster } from '../../sim/index.ts';
import { addNode, removeNode, startNode, stopNode } from '../../sim/host-api.ts';
import type { Command, ExecContext } from '../../command/contract.ts';
import { ADD_NODE_HELP, parseAddNode } from './cluster-add-node.ts';
import { ADDONS_HELP, clusterAddons } from './cluster-addons.ts';

type NodeAction = (cluster: Cluster, name: string) => unknown;

const ACTIONS: Record<string, { fn: NodeAction; done: (name: string) => string }> = {
  'add-node': { fn: addNode, done: (n) => `Machine ${n} added: its kubelet registers node "${n}" with the cluster.` },
  'stop-node': { fn: stopNode, done: (n) => `Machine ${n} stopped: its kubelet no longer reports to the cluster.` },
  'start-node': { fn: startNode, done: (n) => `Machine ${n} started: its kubelet reports to the cluster again.` },
  'remove-node': { fn: removeNode, done: (n) => `Machine ${n} removed.` },
};

const USAGE = `Manage the simulated machines (nodes) of this cluster.

Usage:
  cluster nodes               list the machines: powered on or stopped, and their node's Ready state
${ADD_NODE_HELP}  cluster stop-node NAME      power a machine off (its Pods stop; the node turns NotReady)
  cluster start-node NAME     power a stopped machine on again
  cluster remove-node NAME    remove a machine for good
${ADDONS_HELP}`;

/** Builds the `cluster` command for one cluster. */
export function createClusterCommand(cluster: Cluster): Command {
  return async (args, ctx) => {
    const [sub, ...rest] = args;
    if (sub === undefined || sub === 'help' || sub === '--help' || sub === '-h') {
      (sub === undefined ? ctx.stderr : ctx.stdout)(USAGE);
      return sub === undefined ? 1 : 0;
    }
    if (sub === 'nodes' || sub === 'list') return listNodes(cluster, ctx);
    if (sub === 'addons') return clusterAddons(cluster, rest, ctx);
    const spec = ACTIONS[sub];
    if (!spec) {
      ctx.stderr(`cluster: unknown command "${sub}"\n\n${USAGE}`);
      return 1;
    }
    if (sub === 'add-node') return addMachine(cluster, rest, ctx);
    if (rest.length !== 1 || !rest[0]) {
      ctx.stderr(`cluster: ${sub} needs exactly one machine name, e.g. cluster ${sub} worker3\n`);
      return 1;
    }
    const name = rest[0];
    try {
      spec.fn(cluster, name);
      cluster.settle();
    } catch (e) {
      ctx.stderr(`cluster: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
    ctx.stdout(spec.done(name) + '\n');
    return 0;
  };
}

function addMachine(cluster: Cluster, args: string[], ctx: ExecContext): number {
  const parsed = parseAddNode(args);
  if ('error' in parsed) {
    ctx.stderr(`cluster: ${parsed.error}\n`);
    return 1;
  }
  const { name, options } = parsed;
  try {
    addNode(cluster, name, options);
    cluster.settle();
  } catch (e) {
    ctx.stderr(`cluster: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  ctx.stdout(ACTIONS['add-node']!.done(name) + '\n');
  return 0;
}

interface Condition {
  type?: string;
  status?: string;
}

function listNodes(cluster: Cluster, ctx: ExecContext): number {
  // The simulator keeps machine power state with its node agents (src/sim/nodes/node-agents.ts).
  const agents = cluster.extensions.get('node-agents') as { running(node: string): boolean } | undefined;
  const rows = cluster.api.list('nodes').map((n) => {
    const name = n.metadata.name ?? '';
    const status = (n as { status?: { conditions?: Condition[] } }).status;
    const ready = status?.conditions?.find((c) => c.type === 'Ready')?.status;
    const spec = (n as { spec?: { unschedulable?: boolean } }).spec;
    const machine = agents && !agents.running(name) ? 'stopped' : 'running';
    return [name, machine, (ready === 'True' ? 'Ready' : 'NotReady') + (spec?.unschedulable ? ',SchedulingDisabled' : '')];
  });
  const w0 = Math.max(4, ...rows.map((r) => r[0]!.length));
  const w1 = Math.max(7, ...rows.map((r) => r[1]!.length));
  const line = (r: string[]): string => `${r[0]!.padEnd(w0)}   ${r[1]!.padEnd(w1)}   ${r[2]}\n`;
  ctx.stdout(line(['NAME', 'MACHINE', 'NODE STATUS']) + rows.map(line).join(''));
  return 0;
}
