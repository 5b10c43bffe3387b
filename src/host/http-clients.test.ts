import { describe, expect, it } from 'vitest';
import { openSession } from '../../tests/support/session.ts';
import { InterruptController } from '../command/interrupt.ts';
import { createCluster } from '../sim/index.ts';
import { createMemoryFS } from '../shell/fs.ts';
import { createTerminalShell } from './terminal.ts';

const INSTALL = [
  'kubectl apply -f https://kind.sigs.k8s.io/examples/ingress/deploy-ingress-nginx.yaml',
  'kubectl wait --namespace ingress-nginx --for=condition=ready pod --selector=app.kubernetes.io/component=controller --timeout=90s',
  'kubectl create deployment foo --image=hashicorp/http-echo:1.0 --port=5678 -- /http-echo -text=foo',
  'kubectl expose deployment foo --port=5678',
  'kubectl create deployment bar --image=hashicorp/http-echo:1.0 --port=5678 -- /http-echo -text=bar',
  'kubectl expose deployment bar --port=5678',
  "kubectl create ingress web --rule='/foo*=foo:5678' --rule='bar.example.com/*=bar:5678'",
  'kubectl rollout status deployment/foo',
  'kubectl rollout status deployment/bar',
  'sleep 5',
];

describe("the host's curl and wget on localhost", () => {
  it('reach the Ingress controller through kind port mapping 80 and its host port', async () => {
    const s = await openSession({ seed: 11, preset: 'kind-ingress' });
    const before = await s.run('curl localhost/foo');
    expect([before.exitCode, before.stderr]).toEqual([52, 'curl: (52) Empty reply from server\n']);
    for (const line of INSTALL) await s.run(line);
    expect((await s.run('curl localhost/foo')).stdout).toBe('foo\n');
    expect((await s.run("curl -H 'Host: bar.example.com' localhost/")).stdout).toBe('bar\n');
    expect((await s.run("wget -qO- --header='Host: bar.example.com' http://127.0.0.1/")).stdout).toBe('bar\n');
    expect((await s.run('curl -s localhost/nothing')).stdout).toContain('<head><title>404 Not Found</title></head>');
    const log = (await s.run('kubectl logs -n ingress-nginx deploy/ingress-nginx-controller --tail=1')).stdout;
    // Docker's proxy connects from the kind network's gateway.
    expect(log).toMatch(/^172\.18\.0\.1 - - \[.*\] "GET \/nothing HTTP\/1\.1" 404 /);
    // Scaled away, the controller's host port closes: Docker's proxy gets refused behind the mapping.
    await s.run('kubectl scale deployment -n ingress-nginx ingress-nginx-controller --replicas=0');
    await s.run('sleep 60');
    expect((await s.run('curl localhost/foo')).stderr).toBe('curl: (52) Empty reply from server\n');
  });

  it("refuse on a cluster created without kind's ingress port mappings", async () => {
    const s = await openSession({ seed: 11 });
    const r = await s.run('curl localhost/');
    expect([r.exitCode, r.stderr]).toEqual([7, "curl: (7) Failed to connect to localhost port 80 after 0 ms: Couldn't connect to server\n"]);
  });

  it("reach only their own terminal's forwarded ports", async () => {
    const cluster = createCluster({ seed: 11 });
    const a = createTerminalShell({ cluster, fs: createMemoryFS({}) });
    const b = createTerminalShell({ cluster, fs: createMemoryFS({}) });
    expect(a.kubectl.localPorts).toBe(a.localPorts);
    a.localPorts.listen('127.0.0.1', 8080, () => ({ status: 200, body: 'from a\n' }));
    const out = (t: ReturnType<typeof createTerminalShell>) => {
      let text = '';
      return t.shell.run('curl -s localhost:8080; echo " $?"', { interrupt: new InterruptController(), write: (s) => (text += s) }).then(() => text);
    };
    expect(await out(a)).toBe('from a\n 0\n');
    expect(await out(b)).toBe(' 7\n');
  });
});
