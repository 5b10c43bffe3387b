/**
 * Impersonation (the API server's impersonation filter): a request carrying Impersonate-User,
 * Impersonate-Group and Impersonate-Uid headers runs as the user they name, once the real user
 * has been authorized to `impersonate` each of them: `users` (or, for a user name of the form
 * `system:serviceaccount:NS:NAME`, `serviceaccounts` NAME in NS), `groups`, and
 * `uids.authentication.k8s.io`. A refusal is the 403 of the first thing refused, in the words
 * every Forbidden has.
 */
import { ApiError } from '../api/errors.ts';
import type { Cluster } from '../cluster.ts';
import { authorize, forbiddenMessage, isSuperuser, type AccessAttributes, type UserInfo } from './rbac.ts';
import { ensureBootstrapPolicy } from './bootstrap-policy.ts';

/** What a client's impersonation headers ask for (kubectl's `--as`, `--as-group`, `--as-uid`). */
export interface Impersonation {
  user?: string;
  groups?: string[];
  uid?: string;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** serviceaccount.SplitUsername: the namespace and name a service account's user name holds, when it is one. */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  const prefix = 'system:serviceaccount:';
  if (!username.startsWith(prefix)) return undefined;
  const parts = username.slice(prefix.length).split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, name] = parts as [string, string];
  if (namespace.length > 63 || !DNS_LABEL.test(namespace) || name.length > 253 || !DNS_SUBDOMAIN.test(name)) return undefined;
  return { namespace, name };
}

/** The user a request from `requestor` with `imp`'s headers runs as; throws the API server's refusal. */
export function impersonatedUser(cluster: Cluster, requestor: UserInfo, imp: Impersonation): UserInfo {
  const wanted = imp.user ?? '';
  const groupsAsked = imp.groups ?? [];
  const uid = imp.uid ?? '';
  if (!wanted && !groupsAsked.length && !uid) return requestor;
  const requests: AccessAttributes[] = [];
  const sa = wanted ? splitServiceAccountUsername(wanted) : undefined;
  const attrs = (resource: string, name: string, namespace = '', group = ''): AccessAttributes => ({ verb: 'impersonate', group, resource, namespace, name });
  if (sa) requests.push(attrs('serviceaccounts', sa.name, sa.namespace));
  else if (wanted) requests.push(attrs('users', wanted));
  for (const g of groupsAsked) requests.push(attrs('groups', g));
  if (uid) requests.push(attrs('uids', uid, '', 'authentication.k8s.io'));
  if (!wanted) {
    // The ObjectReferences asked for, as Go's %v prints them (Kind, Namespace, Name, UID, APIVersion, ResourceVersion, FieldPath).
    const listed = requests.map(
      (r) => `{${[r.resource === 'uids' ? 'UID' : 'Group', '', r.name, '', r.resource === 'uids' ? 'authentication.k8s.io/v1' : '', '', ''].join(' ')}}`,
    );
    throw new ApiError('InternalError', `Internal error occurred: requested [${listed.join(' ')}] without impersonating a user`);
  }
  if (!isSuperuser(requestor)) ensureBootstrapPolicy(cluster);
  for (const attributes of requests) {
    if (!authorize(cluster.store, requestor, attributes)) {
      throw new ApiError('Forbidden', forbiddenMessage(requestor, attributes), { name: attributes.name, group: attributes.group, kind: attributes.resource });
    }
  }
  const groups = groupsAsked.length ? [...groupsAsked] : sa ? ['system:serviceaccounts', `system:serviceaccounts:${sa.namespace}`] : [];
  if (wanted !== 'system:anonymous') {
    if (!groups.includes('system:authenticated') && !groups.includes('system:unauthenticated')) groups.push('system:authenticated');
  } else if (!groups.includes('system:unauthenticated')) groups.push('system:unauthenticated');
  return { username: sa ? `system:serviceaccount:${sa.namespace}:${sa.name}` : wanted, groups, ...(uid ? { uid } : {}) };
}
