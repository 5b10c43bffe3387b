import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl cordon / uncordon', () => {
  it('marks nodes unschedulable and back', async () => {
    const { run, c } = await kindSession();
    expect(await run('cordon kind-worker2')).toEqual({ stdout: 'node/kind-worker2 cordoned\n', stderr: '', code: 0 });
    expect(await run('cordon kind-worker2')).toEqual({ stdout: 'node/kind-worker2 already cordoned\n', stderr: '', code: 0 });
    expect(c.api.get('nodes', undefined, 'kind-worker2').spec.unschedulable).toBe(true);
    expect((await run('get node kind-worker2 --no-headers')).stdout).toMatch(/^kind-worker2 +Ready,SchedulingDisabled /);
    expect(await run('uncordon kind-worker2')).toEqual({ stdout: 'node/kind-worker2 uncordoned\n', stderr: '', code: 0 });
    expect(await run('uncordon kind-worker2')).toEqual({ stdout: 'node/kind-worker2 already uncordoned\n', stderr: '', code: 0 });
    expect((await run('cordon -l kubernetes.io/hostname=kind-worker --dry-run=client')).stdout).toBe('node/kind-worker cordoned (dry run)\n');
    expect(c.api.get('nodes', undefined, 'kind-worker').spec.unschedulable).toBeUndefined();
  });

  it('reports errors like kubectl and completes node names', async () => {
    const { run, k } = await kindSession();
    expect(await run('cordon')).toEqual({ stdout: '', stderr: "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n", code: 1 });
    expect((await run('uncordon')).stderr).toBe("error: USAGE: uncordon NODE [flags]\nSee 'kubectl uncordon -h' for help and examples\n");
    expect((await run('cordon nosuchnode')).stderr).toBe('Error from server (NotFound): nodes "nosuchnode" not found\n');
    expect(k.complete(['cordon', 'kind-w'])).toEqual(['kind-worker', 'kind-worker2']);
  });
});
