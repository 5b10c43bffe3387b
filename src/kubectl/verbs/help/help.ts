/**
 * `kubectl help [COMMAND...]` (cobra's help command) and `kubectl options` (the global flags).
 */
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import { HELP } from '../../help/texts.ts';

registerVerb({
  name: 'help',
  short: 'Help about any command',
  run: async (inv) => {
    const path = inv.args.join(' ');
    const text = HELP[path];
    if (text === undefined) throw new CliError(`Unknown help topic [${inv.args.map((a) => `"${a}"`).join(' ')}]`);
    inv.out(text);
    return 0;
  },
});

registerVerb({
  name: 'options',
  short: 'Print the list of flags inherited by all commands',
  run: async (inv) => {
    inv.out(HELP['options'] ?? '');
    return 0;
  },
});
