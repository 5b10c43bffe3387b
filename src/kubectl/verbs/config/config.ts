/**
 * `kubectl config`: the one kind context of the course cluster. `set-context --current
 * --namespace=X` changes the namespace later commands use; `view` prints the kubeconfig
 * with certificate data omitted.
 */
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP, loadHelpTexts } from '../../help/texts.ts';
import { formatTable } from '../../printers/table-writer.ts';
import { toYaml } from '../../printers/yaml.ts';
import { toJson } from '../../printers/json.ts';

function kubeconfig(inv: Invocation): Record<string, unknown> {
  const c = inv.config;
  const context: Record<string, unknown> = { cluster: c.cluster, user: c.user };
  if (c.namespace !== 'default') context.namespace = c.namespace;
  return {
    apiVersion: 'v1',
    clusters: [{ cluster: { 'certificate-authority-data': 'DATA+OMITTED', server: 'https://127.0.0.1:6443' }, name: c.cluster }],
    contexts: [{ context, name: c.context }],
    'current-context': c.context,
    kind: 'Config',
    preferences: {},
    users: [{ name: c.user, user: { 'client-certificate-data': 'DATA+OMITTED', 'client-key-data': 'DATA+OMITTED' } }],
  };
}

const subcommands: Verb[] = [
  {
    name: 'current-context',
    short: 'Display the current-context',
    run: async (inv) => (inv.out(inv.config.context + '\n'), 0),
  },
  {
    name: 'get-contexts',
    short: 'Describe one or many contexts',
    run: async (inv) => {
      const c = inv.config;
      if (inv.args[0] && inv.args[0] !== c.context) throw new CliError(`context ${inv.args[0]} not found`);
      if (inv.flags.str('output') === 'name') return inv.out(c.context + '\n'), 0;
      const rows = [['*', c.context, c.cluster, c.user, c.namespace]];
      if (!inv.flags.bool('no-headers')) rows.unshift(['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']);
      inv.out(formatTable(rows, 6, 3));
      return 0;
    },
  },
  {
    name: 'set-context',
    short: 'Set a context entry in kubeconfig',
    run: async (inv) => {
      const name = inv.flags.bool('current') ? inv.config.context : inv.args[0];
      if (!name) throw new CliError('you must specify a non-empty context name or --current');
      if (name !== inv.config.context) throw new CliError(`the simulated cluster has only the context "${inv.config.context}"`);
      if (inv.flags.has('namespace')) inv.config.namespace = inv.flags.str('namespace') || 'default';
      inv.out(`Context "${name}" modified.\n`);
      return 0;
    },
  },
  {
    name: 'use-context',
    aliases: ['use'],
    short: 'Set the current-context in a kubeconfig file',
    run: async (inv) => {
      const name = inv.args[0];
      // complete(): the command's help on stdout, then the error.
      if (!name || inv.args.length > 1) {
        await inv.ctx.loadCode(loadHelpTexts());
        inv.out(HELP['config use-context'] ?? '');
        throw new CliError(`Unexpected args: [${inv.args.join(' ')}]`);
      }
      if (name !== inv.config.context) throw new CliError(`no context exists with the name: "${name}"`);
      inv.out(`Switched to context "${name}".\n`);
      return 0;
    },
  },
  {
    name: 'view',
    short: 'Display merged kubeconfig settings or a specified kubeconfig file',
    run: async (inv) => {
      const o = inv.flags.str('output');
      inv.out(o === 'json' ? toJson(kubeconfig(inv)) : toYaml(kubeconfig(inv)));
      return 0;
    },
  },
];

registerVerb({
  name: 'config',
  short: 'Modify kubeconfig files',
  subcommands,
  run: async (inv) => {
    if (inv.args.length) throw usageError('config', `unknown command "${inv.args[0]}"`);
    inv.err(HELP['config'] ?? '');
    return 1;
  },
});
