import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl label / annotate', () => {
  it('labels, refuses to overwrite, overwrites and removes', async () => {
    const { run } = await kindSession();
    expect((await run('label node kind-worker disktype=ssd')).stdout).toBe('node/kind-worker labeled\n');
    expect((await run('label node kind-worker disktype=ssd')).stdout).toBe('node/kind-worker not labeled\n');
    expect(await run('label node kind-worker disktype=hdd')).toEqual({ stdout: '', stderr: "error: 'disktype' already has a value (ssd), and --overwrite is false\n", code: 1 });
    expect((await run('label node kind-worker disktype=hdd --overwrite')).stdout).toBe('node/kind-worker labeled\n');
    expect((await run('get nodes -l disktype=hdd -o name')).stdout).toBe('node/kind-worker\n');
    expect((await run('label node kind-worker disktype-')).stdout).toBe('node/kind-worker unlabeled\n');
    expect((await run('label node/kind-worker example.com/rack=r1')).stdout).toBe('node/kind-worker labeled\n');
    expect((await run('label node/kind-worker example.com/rack-')).stdout).toBe('node/kind-worker unlabeled\n');
  });

  it('annotates and validates its arguments', async () => {
    const { run } = await kindSession();
    await run('run nginx --image=nginx');
    expect((await run('annotate pod nginx owner=alice')).stdout).toBe('pod/nginx annotated\n');
    expect((await run('get pod nginx -o jsonpath={.metadata.annotations.owner}')).stdout).toBe('alice');
    expect((await run('label')).stderr).toBe('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n');
    expect((await run('label pod nosuch a=b')).stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
  });
});
