import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { createCluster } from '../index.ts';
import { createClient, type KubeClient } from '../client/index.ts';
import { splitServiceAccountUsername } from './impersonation.ts';

function statusOf(f: () => unknown) {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.toStatus();
    throw e;
  }
  throw new Error('expected the call to fail');
}

const RBAC = 'rbac.authorization.k8s.io';

function role(admin: KubeClient, kind: 'Role' | 'ClusterRole', name: string, rules: unknown[]) {
  admin.create(kind === 'Role' ? `roles.${RBAC}` : `clusterroles.${RBAC}`, {
    apiVersion: `${RBAC}/v1`,
    kind,
    metadata: { name, ...(kind === 'Role' ? { namespace: 'default' } : {}) },
    rules,
  } as never);
}

function bind(admin: KubeClient, kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, roleRef: { kind: string; name: string }, subjects: unknown[]) {
  admin.create(kind === 'RoleBinding' ? `rolebindings.${RBAC}` : `clusterrolebindings.${RBAC}`, {
    apiVersion: `${RBAC}/v1`,
    kind,
    metadata: { name, ...(kind === 'RoleBinding' ? { namespace: 'default' } : {}) },
    roleRef: { apiGroup: RBAC, ...roleRef },
    subjects,
  } as never);
}

/** A cluster, kind's admin client, and a client for ServiceAccount default/builder (bound to nothing). */
function setup() {
  const admin = createClient(createCluster());
  admin.create('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder', namespace: 'default' } } as never);
  const token = (admin.createToken('default', 'builder', {}) as { status: { token: string } }).status.token;
  return { admin, builder: admin.withCredentials({ token }) };
}

describe('impersonation', () => {
  it('runs the request as the impersonated user, authorized with RBAC', () => {
    const { admin } = setup();
    const jane = admin.impersonate({ user: 'jane' });
    expect(jane.user()).toEqual({ username: 'jane', groups: ['system:authenticated'] });
    expect(statusOf(() => jane.list('pods', { namespace: 'default' }))).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message: 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"',
    });
    role(admin, 'Role', 'reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }]);
    bind(admin, 'RoleBinding', 'jane-reader', { kind: 'Role', name: 'reader' }, [{ kind: 'User', apiGroup: RBAC, name: 'jane' }]);
    expect(jane.list('pods', { namespace: 'default' }).items).toEqual([]);
    expect(jane.reviewAccess({ verb: 'list', group: '', resource: 'pods', namespace: 'default', name: '' })).toBe(true);
    expect(jane.reviewAccess({ verb: 'delete', group: '', resource: 'pods', namespace: 'default', name: '' })).toBe(false);
    // The admin itself is still unchecked.
    expect(admin.reviewAccess({ verb: 'delete', group: '', resource: 'pods', namespace: 'default', name: '' })).toBe(true);
  });

  it('gives a service account its groups, unless groups are asked for; adds system:authenticated (system:unauthenticated for anonymous)', () => {
    const { admin } = setup();
    expect(admin.impersonate({ user: 'system:serviceaccount:dev:builder' }).user().groups).toEqual([
      'system:serviceaccounts',
      'system:serviceaccounts:dev',
      'system:authenticated',
    ]);
    expect(admin.impersonate({ user: 'system:serviceaccount:dev:builder', groups: ['devs'] }).user().groups).toEqual(['devs', 'system:authenticated']);
    expect(admin.impersonate({ user: 'jane', groups: ['system:unauthenticated'] }).user().groups).toEqual(['system:unauthenticated']);
    expect(admin.impersonate({ user: 'system:anonymous' }).user().groups).toEqual(['system:unauthenticated']);
    expect(admin.impersonate({ user: 'jane', uid: '42' }).user()).toEqual({ username: 'jane', uid: '42', groups: ['system:authenticated'] });
    // Impersonating system:masters makes a superuser.
    expect(
      admin.impersonate({ user: 'x', groups: ['system:masters'] }).reviewAccess({ verb: 'delete', group: '', resource: 'nodes', namespace: '', name: '' }),
    ).toBe(true);
  });

  it('refuses a requestor without the impersonate right, naming what it may not impersonate', () => {
    const { admin, builder } = setup();
    const refusal = (c: KubeClient) => statusOf(() => c.list('pods', { namespace: 'default' }));
    expect(refusal(builder.impersonate({ user: 'jane' }))).toMatchObject({
      code: 403,
      message:
        'users "jane" is forbidden: User "system:serviceaccount:default:builder" cannot impersonate resource "users" in API group "" at the cluster scope',
      details: { name: 'jane', group: '', kind: 'users' },
    });
    expect(refusal(builder.impersonate({ user: 'system:serviceaccount:kube-system:default' })).message).toBe(
      'serviceaccounts "default" is forbidden: User "system:serviceaccount:default:builder" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system"',
    );
    role(admin, 'ClusterRole', 'impersonate-jane', [{ apiGroups: [''], resources: ['users'], verbs: ['impersonate'], resourceNames: ['jane'] }]);
    bind(admin, 'ClusterRoleBinding', 'builder-impersonates', { kind: 'ClusterRole', name: 'impersonate-jane' }, [
      { kind: 'ServiceAccount', name: 'builder', namespace: 'default' },
    ]);
    expect(builder.impersonate({ user: 'jane' }).user().username).toBe('jane');
    expect(refusal(builder.impersonate({ user: 'bob' })).message).toMatch(/^users "bob" is forbidden/);
    expect(refusal(builder.impersonate({ user: 'jane', groups: ['devs'] })).message).toBe(
      'groups "devs" is forbidden: User "system:serviceaccount:default:builder" cannot impersonate resource "groups" in API group "" at the cluster scope',
    );
    expect(refusal(builder.impersonate({ user: 'jane', uid: '7' }))).toMatchObject({
      message:
        'uids.authentication.k8s.io "7" is forbidden: User "system:serviceaccount:default:builder" cannot impersonate resource "uids" in API group "authentication.k8s.io" at the cluster scope',
      details: { name: '7', group: 'authentication.k8s.io', kind: 'uids' },
    });
    // A service account in a namespace: a RoleBinding there grants it.
    role(admin, 'Role', 'impersonate-sa', [{ apiGroups: [''], resources: ['serviceaccounts'], verbs: ['impersonate'] }]);
    bind(admin, 'RoleBinding', 'builder-as-sa', { kind: 'Role', name: 'impersonate-sa' }, [{ kind: 'ServiceAccount', name: 'builder', namespace: 'default' }]);
    expect(builder.impersonate({ user: 'system:serviceaccount:default:other' }).user().username).toBe('system:serviceaccount:default:other');
  });

  it('refuses groups or a uid without a user (the server side of what kubectl refuses first)', () => {
    const { admin } = setup();
    expect(statusOf(() => admin.impersonate({ groups: ['devs'] }).user())).toMatchObject({ code: 500, reason: 'InternalError' });
  });

  it('reads a service account from its user name only when the namespace and name are valid', () => {
    expect(splitServiceAccountUsername('system:serviceaccount:dev:builder')).toEqual({ namespace: 'dev', name: 'builder' });
    expect(splitServiceAccountUsername('system:serviceaccount:dev')).toBeUndefined();
    expect(splitServiceAccountUsername('system:serviceaccount:Dev:builder')).toBeUndefined();
    expect(splitServiceAccountUsername('system:serviceaccount:dev:a:b')).toBeUndefined();
    expect(splitServiceAccountUsername('jane')).toBeUndefined();
  });
});
