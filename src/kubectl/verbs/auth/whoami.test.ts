import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl auth whoami', () => {
  it("shows kind's admin user, as a table or as the SelfSubjectReview", async () => {
    const { run } = await kindSession();
    expect(await run('auth whoami')).toEqual({
      stdout: 'ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n',
      stderr: '',
      code: 0,
    });
    expect((await run('auth whoami -o yaml')).stdout).toBe(
      'apiVersion: authentication.k8s.io/v1\nkind: SelfSubjectReview\nmetadata:\n  creationTimestamp: null\nstatus:\n  userInfo:\n    groups:\n    - kubeadm:cluster-admins\n    - system:authenticated\n    username: kubernetes-admin\n',
    );
  });

  it('shows the impersonated user and its groups', async () => {
    const { run } = await kindSession();
    expect((await run('auth whoami --as=system:serviceaccount:dev:builder')).stdout).toBe(
      'ATTRIBUTE   VALUE\nUsername    system:serviceaccount:dev:builder\nGroups      [system:serviceaccounts system:serviceaccounts:dev system:authenticated]\n',
    );
    expect((await run('auth whoami --as=jane --as-group=devs -o jsonpath={.status.userInfo.groups}')).stdout).toBe('["devs","system:authenticated"]');
    expect((await run('auth whoami --as-group=devs')).stderr).toBe('error: requesting uid, groups or user-extra for  without impersonating a user\n');
  });
});
