import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl taint', () => {
  it('adds, refuses, overwrites and removes taints', async () => {
    const { run, c } = await kindSession();
    expect(await run('taint node kind-worker2 dedicated=gpu:NoSchedule')).toEqual({ stdout: 'node/kind-worker2 tainted\n', stderr: '', code: 0 });
    expect(await run('taint node kind-worker2 dedicated=gpu:NoSchedule')).toEqual({
      stdout: '',
      stderr: 'error: node kind-worker2 already has dedicated taint(s) with same effect(s) and --overwrite is false\n',
      code: 1,
    });
    expect((await run('taint nodes kind-worker2 dedicated=cpu:NoSchedule --overwrite')).stdout).toBe('node/kind-worker2 modified\n');
    expect((await run('taint node/kind-worker2 spot:PreferNoSchedule')).stdout).toBe('node/kind-worker2 tainted\n');
    expect(c.api.get('nodes', undefined, 'kind-worker2').spec.taints).toEqual([
      { key: 'spot', effect: 'PreferNoSchedule' },
      { key: 'dedicated', value: 'cpu', effect: 'NoSchedule' },
    ]);
    expect((await run('taint node kind-worker2 dedicated=cpu:NoSchedule-')).stdout).toBe('node/kind-worker2 untainted\n');
    expect((await run('taint node kind-worker2 spot-')).stdout).toBe('node/kind-worker2 untainted\n');
    expect(await run('taint node kind-worker2 dedicated-')).toEqual({ stdout: '', stderr: 'error: taint "dedicated" not found\n', code: 1 });
    expect(c.api.get('nodes', undefined, 'kind-worker2').spec.taints).toBeUndefined();
  });

  it('reports usage errors like kubectl', async () => {
    const { run } = await kindSession();
    expect((await run('taint')).stderr).toBe('error: one or more resources must be specified as <resource> <name>\n');
    expect((await run('taint node kind-worker foo')).stderr).toBe('error: at least one taint update is required\n');
    expect((await run('taint node kind-worker foo=bar:Bad')).stderr).toBe("error: invalid taint effect: Bad, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n");
    expect((await run('taint node kind-worker foo=bar')).stderr).toBe(
      "error: invalid taint spec: foo=bar, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples\n",
    );
    expect((await run('taint pod x foo=bar:NoSchedule')).stderr).toBe('error: invalid resource type pod, only ["node" "nodes"] are supported\n');
    expect((await run('taint node nosuch a=b:NoSchedule')).stderr).toBe('Error from server (NotFound): nodes "nosuch" not found\n');
  });
});
