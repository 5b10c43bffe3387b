import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl delete', () => {
  it('deletes a pod and waits until it is gone', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    c.advance(5000);
    const before = c.now();
    expect(await run('delete pod web')).toEqual({ stdout: 'pod "web" deleted\n', stderr: '', code: 0 });
    expect(c.now()).toBeGreaterThan(before);
    expect(await run('get pod web')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "web" not found\n', code: 1 });
  });

  it('force-deletes with the warning', async () => {
    const { c, run } = await kindSession();
    await run('run busybox --image=busybox --restart=Never -- sleep 3600');
    c.advance(5000);
    expect(await run('delete pod busybox --grace-period=0 --force')).toEqual({
      stdout: 'pod "busybox" force deleted\n',
      stderr:
        'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n',
      code: 0,
    });
  });

  it('prints found objects, then NotFound errors', async () => {
    const { run } = await kindSession();
    await run('create cm a --from-literal=x=y');
    expect(await run('delete cm a b')).toEqual({ stdout: 'configmap "a" deleted\n', stderr: 'Error from server (NotFound): configmaps "b" not found\n', code: 1 });
    expect(await run('delete cm b --ignore-not-found')).toEqual({ stdout: '', stderr: '', code: 0 });
  });

  it('deletes by selector and --all, and reports protected namespaces', async () => {
    const { run } = await kindSession();
    await run('create cm a --from-literal=x=y');
    await run('create cm b --from-literal=x=y');
    await run('label cm a app=web');
    expect((await run('delete cm -l app=web')).stdout).toBe('configmap "a" deleted\n');
    expect((await run('delete cm -l app=none')).stdout).toBe('No resources found\n');
    expect((await run('delete ns kube-system')).stderr).toBe('Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted\n');
    expect((await run('delete cm')).stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    const none = await run('delete');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n/);
  });
});
