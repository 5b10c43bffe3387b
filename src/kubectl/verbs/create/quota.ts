/** `kubectl create quota NAME --hard=... --scopes=...` (alias `resourcequota`). */
import { parseQuantity } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

/** Parses `--hard` as kubectl does (populateResourceListV1): `k=v` pairs, each quantity checked. */
function hardList(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of spec.split(',')) {
    if (!pair) continue;
    const i = pair.indexOf('=');
    if (i < 0) throw new CliError(`Invalid argument syntax ${pair}, expected <resource>=<value>`);
    const value = pair.slice(i + 1);
    try {
      parseQuantity(value);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    out[pair.slice(0, i)] = value;
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]!]),
  );
}

const quotaCommand: Verb = {
  name: 'quota',
  aliases: ['resourcequota'],
  short: 'Create a quota with the specified name',
  run: async (inv) => {
    const name = nameArg(inv);
    const hard = hardList(inv.flags.has('hard') ? inv.flags.str('hard') : '');
    const scopes = (inv.flags.has('scopes') ? inv.flags.str('scopes') : '').split(',').filter(Boolean);
    const spec: Record<string, unknown> = {};
    if (Object.keys(hard).length) spec.hard = hard;
    if (scopes.length) spec.scopes = scopes;
    return createGenerated(inv, 'resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name }, spec, status: {} });
  },
};

registerSubcommand('create', quotaCommand);
