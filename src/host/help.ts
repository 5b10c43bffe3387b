/**
 * `help`: what this terminal offers, grouped, listing only the commands its table really has.
 * It describes the whole terminal (kubectl and `cluster` included), so the host builds it once
 * the table is complete.
 */
import type { Command } from '../command/contract.ts';

/** Help groups in the order `help` prints them; names missing from the table are skipped. */
const HELP_GROUPS: [string, string[]][] = [
  ['Kubernetes', ['kubectl', 'k', 'cluster']],
  ['Files', ['ls', 'cat', 'cd', 'pwd', 'mkdir', 'touch', 'cp', 'mv', 'rm', 'edit', 'vi', 'vim', 'nano']],
  ['Text', ['echo', 'printf', 'grep', 'wc', 'head', 'tail', 'sort', 'uniq', 'cut', 'tr', 'diff', 'sed', 'awk', 'jq', 'xargs', 'tee', 'yes', 'base64', 'seq']],
  ['Network', ['curl', 'wget', 'openssl', 'ssh-keygen']],
  ['Shell', ['export', 'unset', 'env', 'printenv', 'set', 'readonly', 'history', 'clear', 'sleep', 'timeout', 'watch', 'date', 'test', 'read', 'mapfile', 'getopts', 'trap', 'alias', 'unalias', 'source', 'eval', 'shopt', 'bash', 'local', 'return', 'shift', 'complete', 'compopt', 'which', 'type', 'true', 'false', 'help', 'exit']],
  ['Jobs', ['jobs', 'kill', 'wait', 'fg', 'bg']],
];

/** The `help` command for a terminal whose commands are `table` (read when help runs). */
export function createHelp(table: { has(name: string): boolean }): Command {
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
      'Pipes (|), redirection (> >> < 2>&1), here-documents (<<EOF), quotes, $VARS, $(...), $((...)), <(...),',
      '{a,b} and {1..3}, && || ; &, for / while / until / if / case, [[ ]], (( )) and functions work as in bash.',
      'Tab completes commands, file names and kubectl arguments; Up and Down walk the history; Ctrl-C stops a command.',
      'Tab needs no setup: `source <(kubectl completion bash)` runs, and `complete` keeps what it registers, but Tab does not call it.',
      'Ctrl+V pastes. `edit FILE` (also vi, vim, nano) opens a file in the editor, as `kubectl edit` opens an object.',
    );
    ctx.stdout(out.join('\n') + '\n');
    return 0;
  };
}
