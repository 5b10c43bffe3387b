import { describe, expect, it } from 'vitest';
import { kindSession, kubectlFor, sh, testCluster } from '../../testing.ts';

describe('kubectl get', () => {
  it('prints namespaces as the API table', async () => {
    const c = testCluster();
    c.advance(18_000);
    const r = await sh(kubectlFor(c), c, 'get ns');
    expect(r).toEqual({
      stdout: 'NAME              STATUS   AGE\ndefault           Active   18s\nkube-node-lease   Active   18s\nkube-public       Active   18s\nkube-system       Active   18s\n',
      stderr: '',
      code: 0,
    });
  });

  it('reports empty lists on stderr', async () => {
    const { run } = await kindSession();
    expect(await run('get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(await run('get pods -n nosuchns')).toEqual({ stdout: '', stderr: 'No resources found in nosuchns namespace.\n', code: 0 });
    expect(await run('get pv')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
  });

  it('lists the types added for api-resources parity, refuses create-only ones', async () => {
    const { run } = await kindSession();
    expect(await run('get csistoragecapacities')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(await run('get crd')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
    expect(await run('get validatingadmissionpolicybindings')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
    const notAllowed = 'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n';
    expect(await run('get bindings')).toEqual({ stdout: '', stderr: notAllowed, code: 1 });
    expect(await run('get tokenreviews x')).toEqual({ stdout: '', stderr: notAllowed, code: 1 });
  });

  it('prints the server deprecation warning for componentstatuses', async () => {
    const { run } = await kindSession();
    const r = await run('get componentstatuses');
    expect(r.stderr).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\n');
    expect(r.stdout.split('\n')[0]).toBe('NAME                 STATUS    MESSAGE   ERROR');
  });

  it('rejects unknown types, flags and a missing type', async () => {
    const { run } = await kindSession();
    expect(await run('get foo')).toEqual({ stdout: '', stderr: 'error: the server doesn\'t have a resource type "foo"\n', code: 1 });
    expect((await run('get pods --foo')).stderr).toBe("error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n");
    expect((await run('get pods -z')).stderr).toBe("error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.\n");
    expect((await run('get pods -o foo')).stderr).toBe(
      'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
    const r = await run('get');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: Required resource not specified.\n');
  });

  it('prints found rows, then NotFound errors', async () => {
    const { c, run } = await kindSession();
    await run('run nginx --image=nginx');
    c.advance(6000);
    expect(await run('get pods nginx nosuchpod')).toEqual({
      stdout: 'NAME    READY   STATUS    RESTARTS   AGE\nnginx   1/1     Running   0          6s\n',
      stderr: 'Error from server (NotFound): pods "nosuchpod" not found\n',
      code: 1,
    });
  });

  it('prints one table per kind with kind/name, and -o name', async () => {
    const { c, run } = await kindSession();
    await run('run nginx --image=nginx');
    c.advance(6000);
    const r = await run('get po,svc');
    expect(r.stdout).toMatch(/^NAME        READY   STATUS    RESTARTS   AGE\npod\/nginx   1\/1     Running   0          6s\n\nNAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT\(S\)   AGE\nservice\/kubernetes   ClusterIP   10\.96\.0\.1    <none>        443\/TCP   \S+\n$/);
    expect((await run('get po,svc -o name')).stdout).toBe('pod/nginx\nservice/kubernetes\n');
    expect((await run('get pods -A --show-labels --no-headers -l run')).stdout).toBe('default   nginx   1/1   Running   0     6s    run=nginx\n');
  });

  it('prints yaml, json, jsonpath and custom columns', async () => {
    const { run } = await kindSession();
    await run('create cm a --from-literal=MODE=prod --from-literal=on=yes');
    const yaml = (await run('get cm a -o yaml')).stdout;
    expect(yaml).toMatch(/^apiVersion: v1\ndata:\n  MODE: prod\n  "on": "yes"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: "2026-11-30T\d\d:\d\d:\d\dZ"\n  name: a\n  namespace: default\n  resourceVersion: "\d+"\n  uid: [0-9a-f-]+\n$/);
    expect((await run('get cm a -o json')).stdout).toMatch(/^\{\n    "apiVersion": "v1",\n    "data": \{\n        "MODE": "prod",\n        "on": "yes"\n    \},\n/);
    expect((await run('get cm a -o jsonpath={.data.MODE}')).stdout).toBe('prod');
    expect((await run("get nodes -o jsonpath='{.items[*].metadata.name}{\"\\n\"}'")).stdout).toBe('kind-control-plane kind-worker kind-worker2\n');
    expect((await run("get nodes -o jsonpath='{range .items[?(@.metadata.name==\"kind-worker\")]}{.status.nodeInfo.kubeletVersion}{\"\\n\"}{end}'")).stdout).toBe('v1.32.6\n');
    expect((await run('get nodes -o custom-columns=NAME:.metadata.name,CIDR:.spec.podCIDR --sort-by=.metadata.name')).stdout).toMatch(
      /^NAME                 CIDR\nkind-control-plane   10\.244\.\d\.0\/24\n/,
    );
  });

  it('streams changes with -w until interrupted', async () => {
    const { c, k } = await kindSession();
    const p = sh(k, c, 'get pods -w', { streamFor: 6000 });
    await Promise.resolve();
    const created = sh(k, c, 'run watched --image=nginx');
    const [w] = await Promise.all([p, created]);
    expect(w.code).toBe(0);
    const lines = w.stdout.split('\n');
    expect(lines[0]).toBe('NAME      READY   STATUS    RESTARTS   AGE');
    expect(lines[1]).toBe('watched   0/1     Pending   0          0s');
    expect(w.stdout).toMatch(/watched   0\/1     ContainerCreating   0          0s\n/);
  });

  it('watches through the server: a selector and a single name filter there, leaving the selection is a last row', async () => {
    const { c, k, run } = await kindSession();
    await run('run a --image=nginx --labels=tier=web');
    await run('run b --image=nginx --labels=tier=web');
    c.advance(20_000);
    // The changes happen a second into the watches, in cluster time.
    const relabel = (name: string, labels: Record<string, string>) =>
      c.api.modify('pods', 'default', name, (o) => {
        o.metadata.labels = { ...o.metadata.labels, ...labels };
      });
    c.clock.setTimeout(() => {
      relabel('a', { tier: 'db' });
      relabel('b', { extra: '1' });
    }, 1000);
    const [l, n] = await Promise.all([sh(k, c, 'get pods -l tier=web -w --watch-only', { streamFor: 3000 }), sh(k, c, 'get pod b -w --watch-only', { streamFor: 3000 })]);
    // `a` left the selection (the server sends DELETED, kubectl prints the row); `b` changed in it.
    expect(l.stdout).toBe('NAME   READY   STATUS    RESTARTS   AGE\na      1/1     Running   0          21s\nb      1/1     Running   0          21s\n');
    expect(n.stdout).toBe('NAME   READY   STATUS    RESTARTS   AGE\nb      1/1     Running   0          21s\n');
  });
});
