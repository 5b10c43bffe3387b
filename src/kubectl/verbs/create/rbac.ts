/**
 * `kubectl create role NAME --verb=... --resource=...[--resource-name=...]` and
 * `kubectl create rolebinding NAME --role|--clusterrole --user|--group|--serviceaccount`
 * (create_role.go, create_rolebinding.go): one policy rule per API group, resources resolved
 * through the registry (short names become plurals), subjects users, groups, then accounts;
 * and their cluster-scoped kin `create clusterrole` (with `--non-resource-url` rules and their
 * checks, create_clusterrole.go) and `create clusterrolebinding`.
 */
import { resolveResourceType, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

const RBAC = 'rbac.authorization.k8s.io';
const STANDARD_VERBS = [
  '*',
  'get',
  'delete',
  'list',
  'create',
  'update',
  'patch',
  'watch',
  'proxy',
  'deletecollection',
  'use',
  'bind',
  'escalate',
  'impersonate',
];

/** `pods`, `deployments.apps`, `pods/log` into group and resource path. */
function resolveRuleResource(spec: string): { group: string; resource: string } {
  const slash = spec.indexOf('/');
  const base = slash < 0 ? spec : spec.slice(0, slash);
  const sub = slash < 0 ? '' : spec.slice(slash + 1);
  let t = base === '*' ? undefined : resolveResourceType(base);
  if (!t && base.includes('.')) {
    // `rs.apps`: a short name qualified by its group.
    const short = resolveResourceType(base.slice(0, base.indexOf('.')));
    if (short && short.group === base.slice(base.indexOf('.') + 1)) t = short;
  }
  if (!t && base !== '*') throw new CliError(`the server doesn't have a resource type "${base.split('.')[0]}"`);
  const group = t ? t.group : base.includes('.') ? base.slice(base.indexOf('.') + 1) : '';
  const resource = (t ? t.plural : '*') + (sub ? `/${sub}` : '');
  return { group, resource };
}

/** The Role `create role` generates (rules grouped by API group). */
export function buildRole(inv: Invocation, name: string): KubeObject {
  const verbs = inv.flags.list('verb');
  const resources = inv.flags.list('resource');
  if (!verbs.length) throw new CliError('at least one verb must be specified');
  if (!resources.length) throw new CliError('at least one resource must be specified');
  for (const v of verbs) if (!STANDARD_VERBS.includes(v)) inv.err(`Warning: '${v}' is not a standard resource verb\n`);
  const byGroup = new Map<string, string[]>();
  for (const spec of resources) {
    const { group, resource } = resolveRuleResource(spec);
    const list = byGroup.get(group) ?? [];
    if (!list.includes(resource)) list.push(resource);
    byGroup.set(group, list);
  }
  const names = inv.flags.list('resource-name');
  const rules = [...byGroup.keys()].sort().map((g) => ({
    apiGroups: [g],
    ...(names.length ? { resourceNames: names } : {}),
    resources: byGroup.get(g)!,
    verbs,
  }));
  return { apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name }, rules } as KubeObject;
}

/** The RoleBinding `create rolebinding` generates. */
export function buildRoleBinding(inv: Invocation, name: string): KubeObject {
  const role = inv.flags.str('role');
  const clusterRole = inv.flags.str('clusterrole');
  if ((role === '') === (clusterRole === '')) throw new CliError('exactly one of clusterrole or role must be specified');
  const subjects: Record<string, string>[] = [];
  for (const u of inv.flags.all('user')) subjects.push({ apiGroup: RBAC, kind: 'User', name: u });
  for (const g of inv.flags.all('group')) subjects.push({ apiGroup: RBAC, kind: 'Group', name: g });
  for (const sa of inv.flags.all('serviceaccount')) {
    const parts = sa.split(':');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new CliError('serviceaccount must be <namespace>:<name>');
    subjects.push({ kind: 'ServiceAccount', name: parts[1], namespace: parts[0] });
  }
  return {
    apiVersion: `${RBAC}/v1`,
    kind: 'RoleBinding',
    metadata: { name },
    roleRef: { apiGroup: RBAC, kind: role ? 'Role' : 'ClusterRole', name: role || clusterRole },
    ...(subjects.length ? { subjects } : {}),
  } as KubeObject;
}

const roleCommand: Verb = {
  name: 'role',
  short: 'Create a role with single rule',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'roles.rbac.authorization.k8s.io', buildRole(inv, name), 'failed to create role: ');
  },
};

const roleBindingCommand: Verb = {
  name: 'rolebinding',
  short: 'Create a role binding for a particular role or cluster role',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'rolebindings.rbac.authorization.k8s.io', buildRoleBinding(inv, name), 'failed to create rolebinding: ');
  },
};

registerSubcommand('create', roleCommand);
registerSubcommand('create', roleBindingCommand);

const NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

function buildClusterRole(inv: Invocation, name: string): KubeObject {
  const verbs = inv.flags.list('verb');
  const resources = inv.flags.list('resource');
  const urls = inv.flags.list('non-resource-url');
  if (!resources.length && !urls.length) throw new CliError('one of resource or nonResourceURL must be specified');
  if (!verbs.length) throw new CliError('at least one verb must be specified');
  for (const url of urls) {
    if (!url.startsWith('/')) throw new CliError(`nonResourceURL should start with /`);
    if (url.slice(0, -1).includes('*')) throw new CliError(`nonResourceURL only supports wildcard matches when '*' is at the end`);
  }
  if (urls.length) for (const v of verbs) if (!NON_RESOURCE_VERBS.includes(v)) throw new CliError(`invalid verb: '${v}' for nonResourceURL`);
  const rules = resources.length ? ((buildRole(inv, name).rules ?? []) as unknown[]) : [];
  if (urls.length) rules.push({ nonResourceURLs: urls, verbs });
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, rules } as KubeObject;
}

const clusterRoleCommand: Verb = {
  name: 'clusterrole',
  short: 'Create a cluster role',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'clusterroles.rbac.authorization.k8s.io', buildClusterRole(inv, name), 'failed to create clusterrole: ');
  },
};

const clusterRoleBindingCommand: Verb = {
  name: 'clusterrolebinding',
  short: 'Create a cluster role binding for a particular cluster role',
  run: async (inv) => {
    const name = nameArg(inv);
    if (!inv.flags.str('clusterrole')) throw new CliError('required flag(s) "clusterrole" not set');
    const binding = buildRoleBinding(inv, name);
    return createGenerated(
      inv,
      'clusterrolebindings.rbac.authorization.k8s.io',
      { ...binding, kind: 'ClusterRoleBinding' } as KubeObject,
      'failed to create clusterrolebinding: ',
    );
  },
};

registerSubcommand('create', clusterRoleCommand);
registerSubcommand('create', clusterRoleBindingCommand);
