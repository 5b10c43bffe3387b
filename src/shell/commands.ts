/**
 * The command table a terminal offers: the shell's builtins, `kubectl` and its alias `k`, and
 * `cluster` for the simulated machines.
 */
import type { Cluster } from '../sim/index.ts';
import type { Kubectl } from '../kubectl/index.ts';
import type { Command } from './exec.ts';
import type { CommandTable } from './shell.ts';
import { base64 } from './builtins/base64.ts';
import { createClusterCommand } from './builtins/cluster.ts';
import { cat, cd, cp, mkdir, mv, pwd, rm, touch } from './builtins/files.ts';
import { grep } from './builtins/grep.ts';
import { createLs } from './builtins/ls.ts';
import { timeout } from './builtins/timeout.ts';
import { clear, createDate, createWhich, env, exit, exportCmd, falseCmd, history, sleep, trueCmd, unset, watch } from './builtins/misc.ts';
import { createTest, seq } from './builtins/test.ts';
import { cut, echo, head, printf, sort, tail, tr, uniq, wc } from './builtins/text.ts';

/** Commands that change the shell itself (bash would call them builtins). */
const SHELL_BUILTINS = new Set(['cd', 'pwd', 'echo', 'printf', 'export', 'unset', 'history', 'exit', 'help', 'true', 'false', 'type', ':', 'test', '[', 'break', 'continue']);

const HELP_GROUPS: [string, string[]][] = [
  ['Kubernetes', ['kubectl', 'k', 'cluster']],
  ['Files', ['ls', 'cat', 'cd', 'pwd', 'mkdir', 'touch', 'cp', 'mv', 'rm']],
  ['Text', ['echo', 'printf', 'grep', 'wc', 'head', 'tail', 'sort', 'uniq', 'cut', 'tr', 'base64', 'seq']],
  ['Shell', ['export', 'unset', 'env', 'history', 'clear', 'sleep', 'timeout', 'watch', 'date', 'test', 'which', 'type', 'true', 'false', 'help', 'exit']],
];

function help(table: CommandTable): Command {
  return async (_args, ctx) => {
    const out: string[] = [
      'This terminal runs a small bash-like shell next to a simulated Kubernetes 1.32 cluster.',
      '',
      '  kubectl ...      talks to the cluster (`k` is short for kubectl; try `kubectl get pods`)',
      '  cluster ...      adds, stops, starts or removes the simulated machines (`cluster nodes`)',
      '',
    ];
    for (const [group, names] of HELP_GROUPS) {
      const present = names.filter((n) => table.has(n));
      if (present.length) out.push(`${(group + ':').padEnd(12)}${present.join(' ')}`);
    }
    out.push(
      '',
      "Pipes (|), redirection (> >> < 2>&1), here-documents (<<EOF), quotes, $VARS, $(...), $((...)),",
      '&& || ; and for / while / until / if work as in bash.',
      'Tab completes commands, file names and kubectl arguments; Up and Down walk the history; Ctrl-C stops a command.',
    );
    ctx.stdout(out.join('\n') + '\n');
    return 0;
  };
}

/**
 * Builds a fresh command table for `cluster`: builtins, `kubectl`/`k` (from `kubectl`) and
 * `cluster`. Hosts may add or replace entries (the table is a plain Map).
 */
export function createCommands(cluster: Cluster, kubectl: Kubectl): CommandTable {
  const now = (): number => cluster.clock.now();
  const table: CommandTable = new Map<string, Command>([
    ['kubectl', kubectl.run],
    ['k', kubectl.run],
    ['cluster', createClusterCommand(cluster)],
    ['cat', cat],
    ['ls', createLs(now)],
    ['cd', cd],
    ['pwd', pwd],
    ['mkdir', mkdir],
    ['touch', touch],
    ['cp', cp],
    ['mv', mv],
    ['rm', rm],
    ['echo', echo],
    ['printf', printf],
    ['grep', grep],
    ['egrep', (args, ctx) => grep(['-E', ...args], ctx)],
    ['wc', wc],
    ['head', head],
    ['tail', tail],
    ['sort', sort],
    ['uniq', uniq],
    ['cut', cut],
    ['tr', tr],
    ['base64', base64],
    ['sleep', sleep],
    ['watch', watch],
    ['timeout', timeout],
    ['export', exportCmd],
    ['unset', unset],
    ['env', env],
    ['history', history],
    ['clear', clear],
    ['date', createDate(now)],
    ['true', trueCmd],
    [':', trueCmd],
    ['false', falseCmd],
    ['test', createTest('test')],
    ['[', createTest('[')],
    ['seq', seq],
    ['exit', exit],
    ['logout', exit],
  ]);
  const { which, type } = createWhich((n) => table.has(n), SHELL_BUILTINS);
  table.set('which', which);
  table.set('type', type);
  table.set('help', help(table));
  return table;
}
