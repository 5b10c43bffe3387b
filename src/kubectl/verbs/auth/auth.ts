/**
 * `kubectl auth can-i VERB TYPE[/NAME]`: answers from the cluster's RBAC objects (RoleBindings
 * in the namespace and ClusterRoleBindings, with the rules of the Roles and ClusterRoles they
 * reference), through a SelfSubjectAccessReview: for the user the kubeconfig authenticates as
 * (kind's admin may do anything) or, with `--as`, for the user the request impersonates. Prints `yes` (exit 0) or `no` (exit 1).
 */
import { resolveResourceType } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { prepareAccessChecks } from '../../resource/prepare.ts';
import { reconcile } from './reconcile.ts';
import { whoami } from './whoami.ts';

const canI: Verb = {
  name: 'can-i',
  short: 'Check whether an action is allowed',
  run: async (inv) => {
    if (inv.args.length !== 2) throw twoArgumentsError();
    const [verb, target] = inv.args as [string, string];
    const slash = target.indexOf('/');
    const typeName = slash < 0 ? target : target.slice(0, slash);
    const name = slash < 0 ? '' : target.slice(slash + 1);
    const t = resolveResourceType(typeName);
    if (!t && !inv.flags.bool('quiet')) inv.err(`Warning: the server doesn't have a resource type '${typeName}'\n`);
    if (t && !t.namespaced && !inv.flags.bool('all-namespaces')) inv.err(`Warning: resource '${t.group ? `${t.plural}.${t.group}` : t.plural}' is not namespace scoped\n`);
    const ns = t && !t.namespaced ? undefined : inv.flags.bool('all-namespaces') ? undefined : inv.namespace;
    const subresource = inv.flags.str('subresource');
    await prepareAccessChecks(inv);
    const yes = inv.client.reviewAccess({ verb, group: t?.group ?? '', resource: t ? t.plural : typeName, subresource: subresource || undefined, namespace: ns ?? '', name });
    if (!inv.flags.bool('quiet')) inv.out(yes ? 'yes\n' : 'no\n');
    return yes ? 0 : 1;
  },
};

/** kubectl ends this usage error's help hint with a full stop, unlike other commands'. */
function twoArgumentsError(): CliError {
  const e = usageError('auth can-i', 'you must specify two arguments: verb resource or verb resource/resourceName.');
  return new CliError(e.message + '.', { plain: true });
}

registerVerb({
  name: 'auth',
  short: 'Inspect authorization',
  subcommands: [canI, reconcile, whoami],
  run: async (inv) => {
    if (inv.args.length) throw usageError('auth', `unknown command "${inv.args.join(' ')}"`);
    inv.out(HELP['auth'] ?? '');
    return 0;
  },
});
