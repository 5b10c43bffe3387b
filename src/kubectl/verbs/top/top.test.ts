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

describe('kubectl top with metrics-server', () => {
  it('answers ServiceUnavailable while metrics-server starts, then prints usage', async () => {
    const { c, run } = await kindSession();
    const { addon } = await import('../../../sim/host-api.ts');
    addon(c, 'metrics-server')!.enable(c);
    expect((await run('top node')).stderr).toBe(
      'Error from server (ServiceUnavailable): the server is currently unable to handle the request (get nodes.metrics.k8s.io)\n',
    );
    await run('create deployment web --image=nginx:1.27');
    c.advance(90_000);
    expect((await run('top pods')).stdout).toMatch(/^NAME {19}CPU\(cores\) {3}MEMORY\(bytes\)\nweb-\S+ {3}1m {11}3Mi\n$/);
    const nodes = (await run('top nodes')).stdout.split('\n');
    expect(nodes[0]).toBe('NAME                 CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)');
    expect(nodes[1]).toMatch(/^kind-control-plane {3}\d+m +\d+% +\d+Mi +\d+%$/);
    expect((await run('top pod nosuch')).stderr).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nosuch" not found\n');
    expect((await run('top pods -n kube-public')).stderr).toBe('No resources found in kube-public namespace.\n');
  });
});
