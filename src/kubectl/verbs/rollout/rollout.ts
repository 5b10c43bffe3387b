/**
 * `kubectl rollout`: status, history, undo, pause, resume, restart for Deployments,
 * DaemonSets and StatefulSets. `rollout` alone prints its help (and exits 1, as cobra's
 * DefaultSubCommandRun does); an unknown sub-command is a usage error.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { objectNames } from '../complete.ts';
import { historyCommand } from './history.ts';
import { pauseCommand, restartCommand, resumeCommand } from './patchers.ts';
import { statusCommand } from './status.ts';
import { undoCommand } from './undo.ts';

const KINDS = ['deployment', 'daemonset', 'statefulset'];

/** `deployment`, `deployment/web`, or names after a type word. */
export function completeRollout(inv: Invocation, words: string[]): string[] {
  const cur = words[words.length - 1] ?? '';
  if (words.length <= 1) {
    const slash = cur.indexOf('/');
    if (slash > 0) return objectNames(inv, cur.slice(0, slash)).map((n) => `${cur.slice(0, slash)}/${n}`);
    return KINDS;
  }
  return words[0]!.includes('/') ? [] : objectNames(inv, words[0]!);
}

const subcommands: Verb[] = [historyCommand, pauseCommand, restartCommand, resumeCommand, statusCommand, undoCommand].map((v) => ({
  ...v,
  complete: completeRollout,
}));

registerVerb({
  name: 'rollout',
  short: 'Manage the rollout of a resource',
  subcommands,
  run: async (inv) => {
    if (inv.args.length) throw usageError('rollout', `unknown command "${inv.args[0]}"`);
    inv.out(HELP['rollout'] ?? '');
    return 1;
  },
});
