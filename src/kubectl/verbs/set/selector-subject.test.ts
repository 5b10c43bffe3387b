import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl set selector', () => {
  it("replaces a Service's selector and refuses what kubectl refuses", async () => {
    const { run } = await kindSession();
    await run('create deployment web --image=nginx:1.27');
    await run('expose deployment web --port=80');
    expect(await run('set selector svc web app=api,tier=fe')).toEqual({ stdout: 'service/web selector updated\n', stderr: '', code: 0 });
    expect((await run('get svc web -o jsonpath={.spec.selector}')).stdout).toBe('{"app":"api","tier":"fe"}');
    expect((await run('set selector svc web app=api,tier=fe')).stdout).toBe('service/web selector updated\n');
    expect((await run('set selector svc web "app in (a)"')).stderr).toBe('error: match expression [{app In [a]}] not supported on this object\n');
    expect((await run('set selector deploy web app=x')).stderr).toBe('error: setting a selector is only supported for Services\n');
    expect((await run('set selector svc web ==')).stderr).toBe(`error: couldn't parse the selector string "==": found '==', expected: !, identifier, or 'end of string'\n`);
    expect((await run('set selector')).stderr).toBe('error: one selector is required\n');
  });
});

describe('kubectl set subject', () => {
  it('adds users, groups and service accounts to a RoleBinding once', async () => {
    const { run } = await kindSession();
    await run('create role r --verb=get --resource=pods');
    await run('create rolebinding rb --role=r --user=jane');
    expect(await run('set subject rolebinding rb --user=bob --group=devs --serviceaccount=default:builder')).toEqual({
      stdout: 'rolebinding.rbac.authorization.k8s.io/rb subjects updated\n',
      stderr: '',
      code: 0,
    });
    expect(await run('set subject rolebinding rb --user=jane')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect((await run('get rolebinding rb -o yaml')).stdout).toContain(
      'subjects:\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: jane\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: bob\n' +
        '- apiGroup: rbac.authorization.k8s.io\n  kind: Group\n  name: devs\n- kind: ServiceAccount\n  name: builder\n  namespace: default\n',
    );
    expect((await run('auth can-i get pods --as=system:serviceaccount:default:builder')).stdout).toBe('yes\n');
  });

  it('reports the real errors', async () => {
    const { run } = await kindSession();
    await run('create configmap c');
    expect((await run('set subject rolebinding rb')).stderr).toBe('error: you must specify at least one value of user, group or serviceaccount\n');
    expect((await run('set subject rolebinding rb --serviceaccount=builder')).stderr).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect((await run('set subject cm c --user=x')).stderr).toBe('error: configmap/c setting subjects is only supported for RoleBinding/ClusterRoleBinding\n');
    expect((await run('set subject')).stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
  });
});
