/**
 * `kubectl rollout`: status, history, undo, pause, resume, restart for Deployments,
 * DaemonSets and StatefulSets. `rollout` alone prints its help (and exits 1, as cobra's
 * DefaultSubCommandRun does); an unknown sub-command is a usage error.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { completeRollout } from '../complete.ts';
import { historyCommand } from './history.ts';
import { pauseCommand, restartCommand, resumeCommand } from './patchers.ts';
import { statusCommand } from './status.ts';
import { undoCommand } from './undo.ts';

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
