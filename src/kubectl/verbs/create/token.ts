/**
 * `kubectl create token SERVICEACCOUNT`: requests a token from the ServiceAccount's `token`
 * subresource and prints it (or the TokenRequest with `-o`), with kubectl 1.32's client-side
 * checks of `--duration`, `--audience` and the `--bound-object-*` flags.
 */
import { ApiError, type TokenRequestSpec } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { outputFormat, renderObjects } from '../../printers/output.ts';
import { prepareAccessChecks } from '../../resource/prepare.ts';
import { checkWriteOutput } from '../../resource/write.ts';
import { nameArg } from './shared.ts';

const BOUND_KINDS = ['Node', 'Pod', 'Secret'];

function spec(inv: Invocation): TokenRequestSpec {
  const out: TokenRequestSpec = {};
  const audiences = inv.flags.all('audience');
  if (audiences.some((a) => a === '')) throw new CliError('--audience must not be an empty string');
  if (audiences.length) out.audiences = audiences;
  const kind = inv.flags.str('bound-object-kind');
  const boundName = inv.flags.str('bound-object-name');
  const uid = inv.flags.str('bound-object-uid');
  if (kind) {
    if (!BOUND_KINDS.includes(kind)) throw new CliError(`supported --bound-object-kind values are ${BOUND_KINDS.join(', ')}`);
    if (!boundName) throw new CliError('--bound-object-name is required if --bound-object-kind is provided');
    out.boundObjectRef = { kind: kind as 'Pod', name: boundName, ...(uid ? { uid } : {}) };
  } else {
    if (boundName) throw new CliError('--bound-object-name can only be set if --bound-object-kind is provided');
    if (uid) throw new CliError('--bound-object-uid can only be set if --bound-object-kind is provided');
  }
  const raw = inv.flags.str('duration');
  if (raw.startsWith('-')) throw new CliError('--duration must be greater than or equal to 0');
  const ms = inv.flags.duration('duration');
  if (ms % 1000 !== 0) throw new CliError('--duration cannot be expressed in units less than seconds');
  if (ms > 0) out.expirationSeconds = ms / 1000;
  return out;
}

const tokenCommand: Verb = {
  name: 'token',
  short: 'Request a service account token',
  run: async (inv) => {
    const name = nameArg(inv);
    checkWriteOutput(inv);
    const request = spec(inv);
    await prepareAccessChecks(inv);
    let result;
    try {
      result = inv.client.createToken(inv.namespace, name, request);
    } catch (e) {
      if (e instanceof ApiError) throw new CliError(`failed to create token: ${e.message}`);
      throw e;
    }
    const o = outputFormat(inv);
    if (o === 'name') inv.out(`tokenrequest.authentication.k8s.io/${name}\n`);
    else if (o) inv.out(renderObjects([result], o, true, false, inv.flags.bool('allow-missing-template-keys'), true));
    else inv.out(`${result.status.token}\n`);
    return 0;
  },
};

registerSubcommand('create', tokenCommand);
