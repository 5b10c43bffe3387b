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
});
