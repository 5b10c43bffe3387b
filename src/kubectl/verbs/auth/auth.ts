/**
 * `kubectl auth can-i VERB TYPE[/NAME]`: answers from the cluster's RBAC objects (RoleBindings
 * in the namespace and ClusterRoleBindings, with the rules of the Roles and ClusterRoles they
 * reference). Without `--as` the user is the cluster admin (kind's kubeconfig user is in
 * system:masters), so the answer is always yes. Prints `yes` (exit 0) or `no` (exit 1).
 */
import { resolveResourceType, type KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { reconcile } from './reconcile.ts';
import { whoami } from './whoami.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

interface Identity {
  user: string;
  groups: string[];
  serviceAccount?: { namespace: string; name: string };
}

function identityOf(inv: Invocation): Identity | undefined {
  const as = inv.flags.str('as');
  if (!as) return undefined;
  const groups = [...inv.flags.all('as-group'), 'system:authenticated'];
  const m = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(as);
  if (m) return { user: as, groups: [...groups, 'system:serviceaccounts', `system:serviceaccounts:${m[1]}`], serviceAccount: { namespace: m[1]!, name: m[2]! } };
  return { user: as, groups };
}

function subjectMatches(s: Any, who: Identity, bindingNs: string | undefined): boolean {
  if (s.kind === 'User') return s.name === who.user;
  if (s.kind === 'Group') return who.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') return !!who.serviceAccount && s.name === who.serviceAccount.name && (s.namespace ?? bindingNs) === who.serviceAccount.namespace;
  return false;
}

function ruleAllows(rule: Any, verb: string, group: string, resource: string, name: string): boolean {
  const has = (list: string[] | undefined, v: string) => !!list && (list.includes('*') || list.includes(v));
  if (!has(rule.verbs, verb) || !has(rule.apiGroups, group) || !has(rule.resources, resource)) return false;
  return !rule.resourceNames?.length || (name !== '' && rule.resourceNames.includes(name));
}

function rulesOf(inv: Invocation, ref: Any, ns: string | undefined): Any[] {
  const role: KubeObject | undefined =
    ref?.kind === 'ClusterRole'
      ? inv.client.tryGet('clusterroles.rbac.authorization.k8s.io', undefined, ref.name)
      : ns
        ? inv.client.tryGet('roles.rbac.authorization.k8s.io', ns, ref?.name ?? '')
        : undefined;
  return ((role as Any)?.rules ?? []) as Any[];
}

function allowed(inv: Invocation, who: Identity, verb: string, group: string, resource: string, name: string, ns: string | undefined): boolean {
  const bindings: { b: Any; ns: string | undefined }[] = inv.client.list('clusterrolebindings.rbac.authorization.k8s.io', {}).items.map((b) => ({ b, ns: undefined }));
  if (ns) for (const b of inv.client.list('rolebindings.rbac.authorization.k8s.io', { namespace: ns }).items) bindings.push({ b, ns });
  return bindings.some(({ b, ns: bns }) => ((b.subjects ?? []) as Any[]).some((s) => subjectMatches(s, who, bns)) && rulesOf(inv, b.roleRef, bns).some((r) => ruleAllows(r, verb, group, resource, name)));
}

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
    const who = identityOf(inv);
    const ns = t && !t.namespaced ? undefined : inv.flags.bool('all-namespaces') ? undefined : inv.namespace;
    const subresource = inv.flags.str('subresource');
    const resource = (t ? t.plural : typeName) + (subresource ? `/${subresource}` : '');
    const yes = !who || allowed(inv, who, verb, t?.group ?? '', resource, name, ns);
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
