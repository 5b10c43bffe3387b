import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl auth can-i', () => {
  it('answers from Roles and RoleBindings for an impersonated service account', async () => {
    const { run } = await kindSession();
    const as = '--as=system:serviceaccount:default:builder';
    expect(await run(`auth can-i list pods ${as}`)).toEqual({ stdout: 'no\n', stderr: '', code: 1 });
    await run('create serviceaccount builder');
    await run('create role pod-reader --verb=get,list --resource=pods');
    await run('create rolebinding read-pods --role=pod-reader --serviceaccount=default:builder');
    expect(await run(`auth can-i list pods ${as}`)).toEqual({ stdout: 'yes\n', stderr: '', code: 0 });
    expect(await run(`auth can-i delete pods ${as}`)).toEqual({ stdout: 'no\n', stderr: '', code: 1 });
    expect((await run(`auth can-i list pods ${as} -n kube-system`)).stdout).toBe('no\n');
    expect(await run(`auth can-i get pods ${as} -q`)).toEqual({ stdout: '', stderr: '', code: 0 });
  });

  it('says yes to the admin and reports usage errors', async () => {
    const { run } = await kindSession();
    expect(await run('auth can-i delete pods')).toEqual({ stdout: 'yes\n', stderr: '', code: 0 });
    expect(await run('auth can-i delete nodes')).toEqual({ stdout: 'yes\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n", code: 0 });
    expect(await run('auth can-i get')).toEqual({
      stdout: '',
      stderr: "error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n",
      code: 1,
    });
  });
});
