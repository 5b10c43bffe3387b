import { describe, expect, it } from 'vitest';
import { createKubectl, seed, sh, testCluster } from '../../testing.ts';

function setup() {
  const c = testCluster();
  const k = createKubectl(c);
  return { c, k, run: (line: string) => sh(k, c, line) };
}

describe('kubectl get', () => {
  it('prints namespaces as a table', async () => {
    const { c, run } = setup();
    c.advance(18_000);
    const r = await run('get ns');
    expect(r).toEqual({
      stdout: 'NAME              AGE\ndefault           18s\nkube-node-lease   18s\nkube-public       18s\nkube-system       18s\n',
      stderr: '',
      code: 0,
    });
  });

  it('reports an empty namespaced list on stderr', async () => {
    const { run } = setup();
    expect(await run('get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(await run('get pods -A')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
    expect(await run('get pods -n nosuchns')).toEqual({ stdout: '', stderr: 'No resources found in nosuchns namespace.\n', code: 0 });
  });

  it('rejects unknown types, flags and a missing type', async () => {
    const { run } = setup();
    expect(await run('get foo')).toEqual({ stdout: '', stderr: 'error: the server doesn\'t have a resource type "foo"\n', code: 1 });
    expect((await run('get pods --foo')).stderr).toBe("error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n");
    expect((await run('get pods -z')).stderr).toBe("error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.\n");
    const r = await run('get');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: Required resource not specified.\n');
  });

  it('prints found rows then NotFound errors', async () => {
    const { c, run } = setup();
    seed(c, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } });
    const r = await run('get cm a nosuch');
    expect(r).toEqual({ stdout: 'NAME   AGE\na      0s\n', stderr: 'Error from server (NotFound): configmaps "nosuch" not found\n', code: 1 });
  });

  it('prints kind-prefixed names for several kinds and -o name', async () => {
    const { c, run } = setup();
    seed(c, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } });
    seed(c, 'secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } });
    expect((await run('get cm,secret')).stdout).toBe('NAME          AGE\nconfigmap/a   0s\n\nNAME       AGE\nsecret/s   0s\n');
    expect((await run('get cm,secret -o name')).stdout).toBe('configmap/a\nsecret/s\n');
    expect((await run('get cm -A --show-labels')).stdout).toBe('NAMESPACE   NAME   AGE   LABELS\ndefault     a      0s    <none>\n');
  });

  it('prints yaml, json and jsonpath', async () => {
    const { c, run } = setup();
    seed(c, 'configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default', uid: 'u1' }, data: { MODE: 'prod', on: 'yes' } });
    expect((await run('get cm a -o yaml')).stdout).toBe(
      'apiVersion: v1\ndata:\n  MODE: prod\n  "on": "yes"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "2026-11-30T03:00:00Z"\n  name: a\n  namespace: default\n  resourceVersion: "5"\n  uid: u1\n',
    );
    expect((await run('get cm a -o jsonpath={.data.MODE}')).stdout).toBe('prod');
    expect((await run("get cm -o jsonpath='{.items[*].metadata.name}{\"\\n\"}'")).stdout).toBe('a\n');
    expect((await run('get cm a -o json')).stdout).toContain('{\n    "apiVersion": "v1",\n    "data": {\n        "MODE": "prod",');
  });

  it('streams rows with -w until interrupted', async () => {
    const { c, k } = setup();
    const p = sh(k, c, 'get cm -w', { streamFor: 0 });
    const r = await p;
    expect(r).toEqual({ stdout: '', stderr: '', code: 0 });
  });
});
