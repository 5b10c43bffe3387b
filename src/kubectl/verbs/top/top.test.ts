import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl top', () => {
  it('reports the missing metrics API, as on a cluster without metrics-server', async () => {
    const { run } = await kindSession();
    expect(await run('top pods')).toEqual({ stdout: '', stderr: 'error: Metrics API not available\n', code: 1 });
    expect(await run('top node')).toEqual({ stdout: '', stderr: 'error: Metrics API not available\n', code: 1 });
    expect(await run('top foo')).toEqual({ stdout: '', stderr: 'error: unknown command "foo"\nSee \'kubectl top -h\' for help and examples\n', code: 1 });
  });
});
