import { describe, expect, it } from 'vitest';
import { kindSession } from '../testing.ts';

const NO_USER = 'error: requesting uid, groups or user-extra for  without impersonating a user\n';

describe('kubectl --as, --as-group, --as-uid', () => {
  it('refuses groups or a uid without a user before any request, for every command that builds a client', async () => {
    const { run } = await kindSession();
    expect(await run('get pods --as-group=devs')).toEqual({ stdout: '', stderr: NO_USER, code: 1 });
    expect((await run('get pods --as-uid=1')).stderr).toBe(NO_USER);
    expect((await run('create deployment web --image=nginx --dry-run=client -o name --as-group=devs')).stderr).toBe(NO_USER);
    expect((await run('run web --image=nginx --dry-run=client -o name --as-uid=1')).stderr).toBe(NO_USER);
    expect((await run('config view --as-group=devs')).code).toBe(0);
    expect((await run('get pods --help --as-group=devs')).code).toBe(0);
  });

  it('sends every request as the impersonated user', async () => {
    const { run } = await kindSession();
    expect((await run('get pods --as=jane')).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    await run('create role pod-manager --verb=get,list,create --resource=pods');
    await run('create rolebinding jane-pods --role=pod-manager --user=jane');
    expect((await run('run web --image=nginx --as=jane')).stdout).toBe('pod/web created\n');
    expect((await run('get pods --as=jane -o name')).stdout).toBe('pod/web\n');
    expect((await run('delete pod web --as=jane')).stderr).toBe(
      'Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"\n',
    );
    // Groups given replace a service account's own.
    await run('create rolebinding sa-pods --role=pod-manager --group=system:serviceaccounts:default');
    expect((await run('get pods --as=system:serviceaccount:default:builder -o name')).stdout).toBe('pod/web\n');
    expect((await run('get pods --as=system:serviceaccount:default:builder --as-group=devs')).code).toBe(1);
  });

  it("takes the kubeconfig user's as and as-uid, which the flags override", async () => {
    const { run } = await kindSession();
    expect((await run('config set users.kubernetes-admin.as jane')).code).toBe(0);
    expect((await run('auth whoami')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [system:authenticated]\n');
    expect((await run('get pods')).stderr).toMatch(/^Error from server \(Forbidden\): pods is forbidden: User "jane" cannot list/);
    expect((await run('config set users.kubernetes-admin.as-uid 42')).code).toBe(0);
    expect((await run('auth whoami --as=bob')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    bob\nUID         42\nGroups      [system:authenticated]\n');
  });

  it('is refused for a user without the impersonate right', async () => {
    const { run } = await kindSession();
    await run('create sa builder');
    const token = (await run('create token builder')).stdout.trim();
    await run(`config set-credentials builder --token=${token}`);
    await run('config set-context builder --cluster=kind-kind --user=builder');
    expect((await run('--context=builder auth can-i list pods --as=jane')).stderr).toBe(
      'Error from server (Forbidden): users "jane" is forbidden: User "system:serviceaccount:default:builder" cannot impersonate resource "users" in API group "" at the cluster scope\n',
    );
  });
});
