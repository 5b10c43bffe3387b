/**
 * The command table a terminal offers: the shell's builtins, `kubectl` and its alias `k`, and
 * `cluster` for the simulated machines.
 */
import type { Cluster } from '../sim/index.ts';
import type { Kubectl } from '../kubectl/index.ts';
import type { Command } from './exec.ts';
import type { CommandTable } from './shell.ts';
import { cat, cd, cp, mkdir, mv, pwd, rm, touch } from './builtins/files.ts';
import { echo } from './builtins/echo.ts';
import { createLs } from './builtins/ls.ts';
import { clear, createDate, createWhich, env, exit, exportCmd, falseCmd, history, sleep, trueCmd, unset } from './builtins/misc.ts';
import { createTest } from './builtins/test.ts';
import { onFirstUse } from './on-demand.ts';

/** Commands that change the shell itself (bash would call them builtins). */
const SHELL_BUILTINS = new Set(['cd', 'pwd', 'echo', 'printf', 'export', 'unset', 'history', 'exit', 'help', 'true', 'false', 'type', ':', 'test', '[', 'break', 'continue']);

const HELP_GROUPS: [string, string[]][] = [
  ['Kubernetes', ['kubectl', 'k', 'cluster']],
  ['Files', ['ls', 'cat', 'cd', 'pwd', 'mkdir', 'touch', 'cp', 'mv', 'rm']],
  ['Text', ['echo', 'printf', 'grep', 'wc', 'head', 'tail', 'sort', 'uniq', 'cut', 'tr', 'base64', 'seq']],
  ['Network', ['curl', 'wget']],
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
  // Rarely used builtins load on first use (see on-demand.ts); one loader per module, so
  // `head` and `tail` share one download.
  const text = lazyModule(() => import('./builtins/text.ts'));
  const httpClients = lazyModule(() => import('./builtins/http-clients.ts'));
  const grep = onFirstUse('grep', () => import('./builtins/grep.ts').then((m) => m.grep));
  const lazyText = (name: 'printf' | 'wc' | 'head' | 'tail' | 'sort' | 'uniq' | 'cut' | 'tr'): Command =>
    onFirstUse(name, () => text().then((m) => m[name]));
  const table: CommandTable = new Map<string, Command>([
    ['kubectl', kubectl.run],
    ['k', kubectl.run],
    ['cluster', onFirstUse('cluster', () => import('./builtins/cluster.ts').then((m) => m.createClusterCommand(cluster)))],
    ['curl', onFirstUse('curl', () => httpClients().then((m) => m.createCurl(cluster)))],
    ['wget', onFirstUse('wget', () => httpClients().then((m) => m.createWget(cluster)))],
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
    ['printf', lazyText('printf')],
    ['grep', grep],
    ['egrep', (args, ctx) => grep(['-E', ...args], ctx)],
    ['wc', lazyText('wc')],
    ['head', lazyText('head')],
    ['tail', lazyText('tail')],
    ['sort', lazyText('sort')],
    ['uniq', lazyText('uniq')],
    ['cut', lazyText('cut')],
    ['tr', lazyText('tr')],
    ['base64', onFirstUse('base64', () => import('./builtins/base64.ts').then((m) => m.base64))],
    ['sleep', sleep],
    ['watch', onFirstUse('watch', () => import('./builtins/watch.ts').then((m) => m.watch))],
    ['timeout', onFirstUse('timeout', () => import('./builtins/timeout.ts').then((m) => m.timeout))],
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
    ['seq', onFirstUse('seq', () => import('./builtins/seq.ts').then((m) => m.seq))],
    ['exit', exit],
    ['logout', exit],
  ]);
  const { which, type } = createWhich((n) => table.has(n), SHELL_BUILTINS);
  table.set('which', which);
  table.set('type', type);
  table.set('help', help(table));
  return table;
}

/** `load`, called at most once (until it fails): modules several commands share download once. */
function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load().catch((e: unknown) => {
    p = undefined;
    throw e;
  }));
}
