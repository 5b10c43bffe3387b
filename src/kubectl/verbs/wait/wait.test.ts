import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl wait', () => {
  it('waits in cluster time for a condition', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx');
    const start = c.now();
    expect(await run('wait --for=condition=Ready pod/web')).toEqual({ stdout: 'pod/web condition met\n', stderr: '', code: 0 });
    expect(c.now()).toBeGreaterThan(start);
    expect((await run("wait --for=jsonpath={.status.phase}=Running pod/web")).stdout).toBe('pod/web condition met\n');
  });

  it('times out and reports bad conditions', async () => {
    const { c, run } = await kindSession();
    await run('create cm cfg --from-literal=a=b');
    const start = c.now();
    expect(await run('wait --for=condition=Ready cm/cfg --timeout=2s')).toEqual({
      stdout: '',
      stderr: 'error: timed out waiting for the condition on configmaps/cfg\n',
      code: 1,
    });
    expect(c.now() - start).toBe(2000);
    expect((await run('wait pod/web')).stderr).toBe('error: unrecognized condition: ""\n');
    expect((await run('wait --for=delete cm/cfg --timeout=0s')).stderr).toBe('error: timed out waiting for the condition on configmaps/cfg\n');
  });

  it('--for=delete waits for a Pod to go, and skips what is already gone, as wait.go does', async () => {
    const { c, run } = await kindSession();
    await run('run x --image=busybox:1.36 -- sleep 3600');
    c.advance(10_000);
    await run('delete pod x --wait=false');
    const start = c.now();
    expect(await run('wait --for=delete pod/x --timeout=60s')).toEqual({ stdout: 'pod/x condition met\n', stderr: '', code: 0 });
    // busybox's sleep ignores SIGTERM as PID 1: the Pod goes when the 30 s grace period ends.
    expect(c.now() - start).toBeGreaterThanOrEqual(25_000);
    expect(await run('wait --for=delete pod/x')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(await run('wait --for=delete pod/nope')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(await run('wait --for=delete pods -l app=none')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(await run('wait --for=condition=Ready pods -l app=none')).toEqual({ stdout: '', stderr: 'error: no matching resources found\n', code: 1 });
  });

  it('--for=jsonpath waits until the field has the value', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    const start = c.now();
    expect(await run('wait --for=jsonpath={.status.phase}=Running pod/web --timeout=60s')).toEqual({ stdout: 'pod/web condition met\n', stderr: '', code: 0 });
    expect(c.now()).toBeGreaterThan(start);
    expect(JSON.parse((await run('get pod web -o json')).stdout).status.phase).toBe('Running');
  });
});
