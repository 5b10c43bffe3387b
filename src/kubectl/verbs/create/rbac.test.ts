import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl create role / rolebinding', () => {
  it('builds one rule per API group from resolved resources', async () => {
    const { run } = await kindSession();
    expect((await run('create role pod-reader --verb=get,list --resource=pods --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  creationTimestamp: null\n  name: pod-reader\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - pods\n  verbs:\n  - get\n  - list\n',
    );
    const multi = (await run('create role r2 --verb=get --resource=deploy,pods/log,rs.apps --dry-run=client -o yaml')).stdout;
    expect(multi).toContain('rules:\n- apiGroups:\n  - ""\n  resources:\n  - pods/log\n  verbs:\n  - get\n- apiGroups:\n  - apps\n  resources:\n  - deployments\n  - replicasets\n');
    const warned = await run('create role r3 --verb=foo --resource=pods --dry-run=client');
    expect(warned).toEqual({ stdout: 'role.rbac.authorization.k8s.io/r3 created (dry run)\n', stderr: "Warning: 'foo' is not a standard resource verb\n", code: 0 });
    expect((await run('create role r4 --verb=get')).stderr).toBe('error: at least one resource must be specified\n');
    expect((await run('create role r4 --resource=pods')).stderr).toBe('error: at least one verb must be specified\n');
  });

  it('binds users, groups and service accounts in kubectl order', async () => {
    const { c, run } = await kindSession();
    expect((await run('create rolebinding rb --role=pod-reader --serviceaccount=default:builder --user=bob --group=devs --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  creationTimestamp: null\n  name: rb\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: pod-reader\nsubjects:\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: bob\n- apiGroup: rbac.authorization.k8s.io\n  kind: Group\n  name: devs\n- kind: ServiceAccount\n  name: builder\n  namespace: default\n',
    );
    expect((await run('create role pod-reader --verb=get,list --resource=pods')).stdout).toBe('role.rbac.authorization.k8s.io/pod-reader created\n');
    expect((await run('create rolebinding read-pods --role=pod-reader --serviceaccount=default:builder')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/read-pods created\n');
    expect(c.api.get('rolebindings.rbac.authorization.k8s.io', 'default', 'read-pods').roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' });
    expect((await run('create rolebinding x')).stderr).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect((await run('create rolebinding x --role=a --serviceaccount=foo')).stderr).toBe('error: serviceaccount must be <namespace>:<name>\n');
  });
});
