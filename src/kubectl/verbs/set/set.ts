/**
 * `kubectl set image | env | resources | selector | serviceaccount | subject`. `set` alone prints its help on stderr and exits 1
 * (cobra's DefaultSubCommandRun with ErrOut); an unknown sub-command is a usage error.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import { HELP } from '../../help/texts.ts';
import { completeResources } from '../complete.ts';
import { envCommand } from './env.ts';
import { imageCommand } from './image.ts';
import { resourcesCommand } from './resources.ts';
import { selectorCommand } from './selector.ts';
import { serviceAccountCommand } from './serviceaccount.ts';
import { subjectCommand } from './subject.ts';

registerVerb({
  name: 'set',
  short: 'Set specific features on objects',
  subcommands: [envCommand, imageCommand, resourcesCommand, selectorCommand, serviceAccountCommand, subjectCommand].map((v) => ({ ...v, complete: completeResources })),
  run: async (inv) => {
    if (inv.args.length) throw usageError('set', `unknown command "${inv.args[0]}"`);
    inv.err(HELP['set'] ?? '');
    return 1;
  },
});
