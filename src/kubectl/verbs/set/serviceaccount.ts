/** `kubectl set serviceaccount (TYPE NAME | TYPE/NAME | -f FILE) SERVICE_ACCOUNT` (alias `sa`), as set_serviceaccount.go. */
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { finish, patchTargets, podSpec } from './patch.ts';

export const serviceAccountCommand: Verb = {
  name: 'serviceaccount',
  aliases: ['sa'],
  short: 'Update the service account of a resource',
  run: async (inv) => {
    // The last argument is the account; what comes before it names the resources.
    if (!inv.args.length) throw new CliError('serviceaccount is required');
    const account = inv.args[inv.args.length - 1]!;
    const resources = inv.args.slice(0, -1);
    if (!resources.length && !inv.flags.list('filename').length) throw new CliError(NO_RESOURCES);
    const errors = patchTargets(
      inv,
      resources,
      (obj) => {
        podSpec(obj).serviceAccountName = account;
      },
      'serviceaccount updated',
      { printUnchanged: true },
    );
    return finish(inv, errors);
  },
};
