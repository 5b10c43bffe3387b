import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl scale', () => {
  it('scales deployments and statefulsets, printing even unchanged counts', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=3');
    c.advance(10_000);
    expect(await run('scale deployment web --replicas=5')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', code: 0 });
    expect(await run('scale deployment/web --replicas=5')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', code: 0 });
    c.advance(10_000);
    expect((await run('get deploy web')).stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    5/5     5            5           20s\n');
    const rs = c.api.list('replicasets.apps', { namespace: 'default' })[0]!;
    expect(await run(`scale rs ${rs.metadata.name} --replicas=1 --dry-run=client`)).toEqual({ stdout: `replicaset.apps/${rs.metadata.name} scaled (dry run)\n`, stderr: '', code: 0 });
    expect(c.api.get('replicasets.apps', 'default', rs.metadata.name!).spec.replicas).toBe(5);
  });

  it('checks --current-replicas and selects with -l', async () => {
    const { run } = await kindSession();
    await run('create deployment a --image=nginx --replicas=2');
    await run('create deployment b --image=nginx --replicas=2');
    expect(await run('scale deployment a --current-replicas=3 --replicas=1')).toEqual({ stdout: '', stderr: 'error: Expected replicas to be 3, was 2\n', code: 1 });
    expect((await run('scale deployment a --current-replicas=2 --replicas=1')).stdout).toBe('deployment.apps/a scaled\n');
    expect((await run('scale deployment -l app=b --replicas=0')).stdout).toBe('deployment.apps/b scaled\n');
  });

  it('checks --resource-version against the scale subresource, one object at a time', async () => {
    const { run, c } = await kindSession();
    await run('create deployment a --image=nginx --replicas=2');
    await run('create deployment b --image=nginx --replicas=3');
    const rv = c.api.get('deployments.apps', 'default', 'a').metadata.resourceVersion!;
    expect(await run('scale deployment a --resource-version=1 --replicas=1')).toEqual({ stdout: '', stderr: `error: Expected resource version to be 1, was ${rv}\n`, code: 1 });
    expect(await run(`scale deployment a --resource-version=${rv} --replicas=1`)).toEqual({ stdout: 'deployment.apps/a scaled\n', stderr: '', code: 0 });
    expect(c.api.get('deployments.apps', 'default', 'a').spec.replicas).toBe(1);
    // One object failing its precondition does not stop the others.
    expect(await run('scale deployment a b --current-replicas=3 --replicas=4')).toEqual({ stdout: 'deployment.apps/b scaled\n', stderr: 'error: Expected replicas to be 3, was 1\n', code: 1 });
    expect(await run('scale deployment a b --current-replicas=9 --replicas=4')).toEqual({
      stdout: '',
      stderr: 'error: [Expected replicas to be 9, was 1, Expected replicas to be 9, was 4]\n',
      code: 1,
    });
    expect(c.api.get('deployments.apps', 'default', 'b').spec.replicas).toBe(4);
  });

  it('reports errors like kubectl', async () => {
    const { run } = await kindSession();
    await run('run nginx --image=nginx');
    expect(await run('scale deployment web')).toEqual({ stdout: '', stderr: 'error: required flag(s) "replicas" not set\n', code: 1 });
    expect((await run('scale --replicas=2')).stderr).toBe(
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
    );
    expect((await run('scale deployment nosuch --replicas=2')).stderr).toBe('error: no objects passed to scale deployments.apps "nosuch" not found\n');
    expect((await run('scale deployment web --replicas=-1')).stderr).toBe('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n');
    expect((await run('scale pod nginx --replicas=2')).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    expect((await run('scale deployment/x --replicas=abc')).stderr).toBe(
      "error: invalid argument \"abc\" for \"--replicas\" flag: strconv.ParseInt: parsing \"abc\": invalid syntax\nSee 'kubectl scale --help' for usage.\n",
    );
  });
});
