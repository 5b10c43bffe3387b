/**
 * `kubectl create secret generic NAME [--from-literal|--from-file|--from-env-file] [--type]`.
 * The typed secrets (tls, docker-registry) are in secret-typed.ts.
 */
import { base64Encode } from '../../../sim/index.ts';
import { usageError } from '../../cli/errors.ts';
import { HELP } from '../../help/texts.ts';
import type { Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';
import { collectData } from './sources.ts';
import { dockerRegistrySecret, tlsSecret } from './secret-typed.ts';

const generic: Verb = {
  name: 'generic',
  short: 'Create a secret from a local file, directory, or literal value',
  run: async (inv) => {
    const name = nameArg(inv);
    const pairs = collectData(inv, 'Secret', name);
    const obj: Record<string, unknown> = { apiVersion: 'v1', kind: 'Secret', metadata: { name } };
    if (pairs.length) obj.data = Object.fromEntries(pairs.map(([k, v]) => [k, base64Encode(v)]));
    if (inv.flags.str('type')) obj.type = inv.flags.str('type');
    return createGenerated(inv, 'secrets', obj as never, 'failed to create secret ');
  },
};

export const secretCommand: Verb = {
  name: 'secret',
  short: 'Create a secret using a specified subcommand',
  subcommands: [generic, tlsSecret, dockerRegistrySecret],
  run: async (inv) => {
    if (inv.args.length) throw usageError('create secret', `unknown command "${inv.args[0]}"`);
    inv.err(HELP['create secret'] ?? '');
    return 1;
  },
};
