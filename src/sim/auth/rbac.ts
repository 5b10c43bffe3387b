/**
 * Who may do what: the API server's authorizers in kind's order (Node, RBAC). RBAC answers from
 * the cluster's RoleBindings in the request's namespace and its ClusterRoleBindings, with the
 * rules of the Roles and ClusterRoles they reference. A kind cluster holds the API server's,
 * kubeadm's and kind's bootstrap policy (bootstrap-policy.ts; callers make sure it is written
 * before asking). Two grants are also built in, for clusters without that policy and as short
 * cuts: `system:masters` and `kubeadm:cluster-admins` (kind's admin, bound to cluster-admin by
 * kubeadm) may do anything, and every authenticated user may review itself (what the
 * system:basic-user binding grants: selfsubjectreviews, selfsubjectaccessreviews,
 * selfsubjectrulesreviews).
 */
import type { KubeObject } from '../api/types.ts';
import type { Store } from '../store/store.ts';

/** The user a request is from, as the authenticator found it. */
export interface UserInfo {
  username: string;
  groups: string[];
  uid?: string;
  /** What the authenticator adds (a service-account token's `authentication.kubernetes.io/credential-id`). */
  extra?: Record<string, string[]>;
}

/** What a request asks to do (authorizer.Attributes of a resource request). */
export interface AccessAttributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  /** Empty for a cluster-scoped resource or a request across all namespaces. */
  namespace: string;
  name: string;
}

const SUPERUSER_GROUPS = ['system:masters', 'kubeadm:cluster-admins'];
const SELF_REVIEWS = new Set(['selfsubjectreviews', 'selfsubjectaccessreviews', 'selfsubjectrulesreviews']);

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

function serviceAccountOf(user: UserInfo): { namespace: string; name: string } | undefined {
  const m = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(user.username);
  return m ? { namespace: m[1]!, name: m[2]! } : undefined;
}

function subjectMatches(s: Any, user: UserInfo, bindingNs: string | undefined): boolean {
  if (s.kind === 'User') return s.name === user.username;
  if (s.kind === 'Group') return user.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') {
    const sa = serviceAccountOf(user);
    return !!sa && s.name === sa.name && (s.namespace ?? bindingNs) === sa.namespace;
  }
  return false;
}

function ruleAllows(rule: Any, a: AccessAttributes): boolean {
  const has = (list: string[] | undefined, v: string) => !!list && (list.includes('*') || list.includes(v));
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const resourceOk = has(rule.resources, resource) || (!!a.subresource && has(rule.resources, `*/${a.subresource}`));
  if (!has(rule.verbs, a.verb) || !has(rule.apiGroups, a.group) || !resourceOk) return false;
  return !rule.resourceNames?.length || (a.name !== '' && rule.resourceNames.includes(a.name));
}

function rulesOf(store: Store, ref: Any, ns: string | undefined): Any[] {
  const role: KubeObject | undefined =
    ref?.kind === 'ClusterRole'
      ? store.get('clusterroles.rbac.authorization.k8s.io', '', ref.name)
      : ns
        ? store.get('roles.rbac.authorization.k8s.io', ns, ref?.name ?? '')
        : undefined;
  return ((role as Any)?.rules ?? []) as Any[];
}

/** Whether RBAC is skipped for `user` (system:masters, and kind's admin group, bound to cluster-admin). */
export function isSuperuser(user: UserInfo): boolean {
  return user.groups.some((g) => SUPERUSER_GROUPS.includes(g));
}

/** Whether `user` may do `a`. */
export function authorize(store: Store, user: UserInfo, a: AccessAttributes): boolean {
  if (isSuperuser(user)) return true;
  if (a.group === 'authorization.k8s.io' || a.group === 'authentication.k8s.io') {
    if (SELF_REVIEWS.has(a.resource) && a.verb === 'create' && user.groups.includes('system:authenticated')) return true;
  }
  const bindings: { b: Any; ns: string | undefined }[] = store.list('clusterrolebindings.rbac.authorization.k8s.io').map((b) => ({ b, ns: undefined }));
  if (a.namespace) for (const b of store.list('rolebindings.rbac.authorization.k8s.io', a.namespace)) bindings.push({ b, ns: a.namespace });
  return bindings.some(
    ({ b, ns }) => ((b.subjects ?? []) as Any[]).some((s) => subjectMatches(s, user, ns)) && rulesOf(store, b.roleRef, ns).some((r) => ruleAllows(r, a)),
  );
}

/** The message of the 403 a denied request gets (responsewriters.Forbidden). */
export function forbiddenMessage(user: UserInfo, a: AccessAttributes): string {
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const qualified = a.group ? `${a.resource}.${a.group}` : a.resource;
  const what = `User ${JSON.stringify(user.username)} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.group)}`;
  const where = a.namespace ? ` in the namespace ${JSON.stringify(a.namespace)}` : ' at the cluster scope';
  return `${qualified}${a.name ? ` ${JSON.stringify(a.name)}` : ''} is forbidden: ${what}${where}`;
}
