import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl create', () => {
  it('creates namespaces, configmaps and secrets', async () => {
    const { run } = await kindSession({ 'app.env': 'A=1\n# comment\nB=two words\n', 'conf/nginx.conf': 'server {}\n' });
    expect((await run('create namespace dev')).stdout).toBe('namespace/dev created\n');
    expect((await run('create namespace dev')).stderr).toBe('Error from server (AlreadyExists): namespaces "dev" already exists\n');
    expect((await run('create configmap app-config --from-literal=MODE=prod --from-literal=LOG_LEVEL=debug')).stdout).toBe('configmap/app-config created\n');
    expect((await run('create configmap app-config --from-literal=MODE=dev')).stderr).toBe('error: failed to create configmap: configmaps "app-config" already exists\n');
    expect((await run('create cm env --from-env-file=app.env --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\ndata:\n  A: "1"\n  B: two words\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: env\n',
    );
    expect((await run('create cm files --from-file=conf --dry-run=client -o yaml')).stdout).toContain('data:\n  nginx.conf: |\n    server {}\nkind: ConfigMap\n');
    expect((await run("create secret generic db-pass --from-literal=username=admin --from-literal=password=s3cr3t!")).stdout).toBe('secret/db-pass created\n');
    expect((await run('get secret db-pass -o jsonpath={.data.password}')).stdout).toBe('czNjcjN0IQ==');
  });

  it('creates from files with per-object errors', async () => {
    const { run } = await kindSession({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n' });
    expect((await run('create -f cm.yaml')).stdout).toBe('configmap/c created\n');
    expect(await run('create -f cm.yaml')).toEqual({ stdout: '', stderr: 'Error from server (AlreadyExists): error when creating "cm.yaml": configmaps "c" already exists\n', code: 1 });
  });

  it('reports usage errors', async () => {
    const { run } = await kindSession();
    expect((await run('create')).stderr).toBe('error: must specify one of -f and -k\n');
    expect((await run('create foo')).stderr).toBe("error: Unexpected args: [foo]\nSee 'kubectl create -h' for help and examples\n");
    expect((await run('create configmap')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create configmap -h' for help and examples\n");
    expect((await run('create cm x --from-literal=a')).stderr).toBe('error: invalid literal source a, expected key=value\n');
    expect((await run('create cm x --foo')).stderr).toBe("error: unknown flag: --foo\nSee 'kubectl create configmap --help' for usage.\n");
  });
});
