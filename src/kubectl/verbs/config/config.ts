/**
 * `kubectl config`: the terminal's kubeconfig (`$KUBECONFIG` or `~/.kube/config`, kind's until
 * a command first writes it: see kubeconfig/location.ts). Reading sub-commands in read.ts,
 * changing ones in write.ts.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import { HELP } from '../../help/texts.ts';
import { READ_SUBCOMMANDS } from './read.ts';
import { WRITE_SUBCOMMANDS } from './write.ts';

registerVerb({
  name: 'config',
  short: 'Modify kubeconfig files',
  subcommands: [...READ_SUBCOMMANDS, ...WRITE_SUBCOMMANDS].sort((a, b) => (a.name < b.name ? -1 : 1)),
  run: async (inv) => {
    if (inv.args.length) throw usageError('config', `unknown command "${inv.args[0]}"`);
    inv.err(HELP['config'] ?? '');
    return 1;
  },
});
