/** `kubectl create serviceaccount NAME` (alias `sa`): an empty ServiceAccount. */
import { registerSubcommand } from '../../cli/registry.ts';
import type { Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

const serviceAccountCommand: Verb = {
  name: 'serviceaccount',
  aliases: ['sa'],
  short: 'Create a service account with the specified name',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } }, 'failed to create serviceaccount: ');
  },
};

registerSubcommand('create', serviceAccountCommand);
