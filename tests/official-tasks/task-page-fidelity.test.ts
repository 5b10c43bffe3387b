/**
 * Behaviours the kubernetes.io task pages rely on: their example manifests served at
 * k8s.io/examples, a container restarting after a clean exit (the emptyDir page kills redis),
 * and nginx refusing an empty html directory (the PersistentVolume page before index.html exists).
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../support/session.ts';

describe('task page fidelity', () => {
  it('serves the example manifests under k8s.io, kubernetes.io and the raw GitHub path', async () => {
    const s = await openSession({ seed: 3, preset: 'kind' });
    for (const url of [
      'https://k8s.io/examples/pods/commands.yaml',
      'https://kubernetes.io/examples/pods/inject/envars.yaml',
      'https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/pods/storage/redis.yaml',
    ]) {
      const r = await s.run(`kubectl apply -f ${url} --dry-run=client -o name`);
      expect(r.exitCode, r.output).toBe(0);
      expect(r.stdout).toMatch(/^pod\//);
    }
    const missing = await s.run('kubectl apply -f https://k8s.io/examples/pods/no-such-example.yaml');
    expect(missing.exitCode).toBe(1);
  });

  it('reports the exited container, not ContainerCreating, until a clean restart runs', async () => {
    const s = await openSession({ seed: 3, preset: 'kind' });
    await s.run('kubectl apply -f https://k8s.io/examples/pods/storage/redis.yaml');
    await s.run('kubectl wait --for=condition=Ready pod/redis');
    await s.run('kubectl exec redis -- /bin/bash -c "kill 1"');
    // The watch's first row is the list taken right after the exit; the next is the restart.
    const w = await s.run('kubectl get pod redis -w --no-headers -o custom-columns=S:.status.containerStatuses[0].state,R:.status.containerStatuses[0].restartCount');
    const rows = w.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/terminated.*reason:Completed.*\s0$/);
    expect(rows.at(-1)).toMatch(/running.*\s1$/);
    expect(w.stdout).not.toMatch(/ContainerCreating/);
    // With headers, a watch's custom columns print their header once, as one printer serves the stream.
    await s.run('kubectl exec redis -- /bin/bash -c "kill 1"');
    const h = await s.run('kubectl get pod redis -w -o custom-columns=NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount');
    expect(h.stdout.match(/^NAME/gm)).toHaveLength(1);
    expect(h.stdout).toMatch(/redis\s+2\n$/);
  });

  it('answers 403 for an html directory without index.html, then serves the file written there', async () => {
    const s = await openSession({ seed: 3, preset: 'kind' });
    await s.run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-volume.yaml');
    await s.run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-claim.yaml');
    await s.run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-pod.yaml');
    await s.run('kubectl wait --for=condition=Ready pod/task-pv-pod');
    const empty = await s.run('kubectl exec task-pv-pod -- curl -s -o /dev/null -w "%{http_code}" http://localhost/');
    expect(empty.stdout).toBe('403');
    const log = await s.run('kubectl logs task-pv-pod');
    expect(log.output).toContain('directory index of "/usr/share/nginx/html/" is forbidden');
    await s.run(`kubectl exec task-pv-pod -- sh -c "echo 'Hello from Kubernetes storage' > /usr/share/nginx/html/index.html"`);
    expect((await s.run('kubectl exec task-pv-pod -- curl -s http://localhost/')).stdout).toBe('Hello from Kubernetes storage\n');
  });
});

describe('resource task pages: stress images', () => {
  it('ends a container OOMKilled (exit 137) when stress holds more than its memory limit', async () => {
    const s = await openSession({ seed: 4, preset: 'kind' });
    await s.run('kubectl create namespace mem-example');
    await s.run('kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-2.yaml --namespace=mem-example');
    await s.run('sleep 3');
    const t = await s.run(
      `kubectl get pod memory-demo-2 -n mem-example -o jsonpath='{.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}'`,
    );
    expect(t.stdout).toBe('OOMKilled 137');
    // Under its limit the same program runs on, and shows the memory it holds.
    await s.run('cluster addons enable metrics-server');
    await s.run('kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit.yaml --namespace=mem-example');
    await s.run('sleep 70');
    expect((await s.run('kubectl get pod memory-demo -n mem-example --no-headers')).stdout).toMatch(/1\/1\s+Running\s+0\s/);
    expect((await s.run('kubectl top pod memory-demo -n mem-example --no-headers')).stdout).toMatch(/^memory-demo\s+\d+m\s+150Mi\n$/);
    expect((await s.run('kubectl logs memory-demo -n mem-example')).stdout).toBe('stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd\n');
  });

  it("counts vish/stress's -cpus threads up to the container's CPU limit", async () => {
    const s = await openSession({ seed: 4, preset: 'kind' });
    await s.run('cluster addons enable metrics-server');
    await s.run('kubectl create namespace cpu-example');
    await s.run('kubectl apply -f https://k8s.io/examples/pods/resource/cpu-request-limit.yaml --namespace=cpu-example');
    await s.run('sleep 70');
    expect((await s.run('kubectl top pod cpu-demo -n cpu-example --no-headers')).stdout).toMatch(/^cpu-demo\s+1000m\s+1Mi\n$/);
    expect((await s.run('kubectl logs cpu-demo -n cpu-example')).output.match(/Spawning a thread to consume CPU/g)).toHaveLength(2);
  });
});

describe('assign Pods to nodes: a nodeName that names no node', () => {
  it('stays Pending on that node until the pod garbage collector deletes it after the quarantine', async () => {
    const s = await openSession({ seed: 5, preset: 'kind' });
    await s.run('kubectl apply -f https://k8s.io/examples/pods/pod-nginx-specific-node.yaml');
    await s.run('sleep 10');
    expect((await s.run('kubectl get pod nginx -o wide --no-headers')).stdout).toMatch(/^nginx\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+foo-node\s/);
    await s.run('sleep 60');
    const gone = await s.run('kubectl get pod nginx');
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toBe('Error from server (NotFound): pods "nginx" not found\n');
  });
});

describe('container lifecycle hooks', () => {
  const pod = (lifecycle: string) => `apiVersion: v1
kind: Pod
metadata:
  name: hooks
spec:
  containers:
  - name: web
    image: nginx
    lifecycle:
${lifecycle}
`;

  it('runs postStart in the container and preStop before the SIGTERM', async () => {
    const s = await openSession({
      seed: 6,
      preset: 'kind',
      files: {
        'hooks.yaml': pod(`      postStart:
        exec:
          command: ["/bin/sh", "-c", "echo started > /usr/share/message"]
      preStop:
        exec:
          command: ["/bin/sh", "-c", "sleep 10"]`),
      },
    });
    await s.run('kubectl apply -f hooks.yaml');
    await s.run('kubectl wait --for=condition=Ready pod/hooks');
    expect((await s.run('kubectl exec hooks -- cat /usr/share/message')).stdout).toBe('started\n');
    await s.run('kubectl delete pod hooks --wait=false');
    await s.run('sleep 4');
    // nginx would stop at once on SIGTERM: it is still there because preStop is sleeping.
    expect((await s.run('kubectl get pod hooks --no-headers')).stdout).toMatch(/^hooks\s+1\/1\s+Terminating/);
    await s.run('sleep 10');
    expect((await s.run('kubectl get pod hooks')).exitCode).toBe(1);
  });

  it('reports a failed postStart hook and kills the container', async () => {
    const s = await openSession({
      seed: 6,
      preset: 'kind',
      files: { 'hooks.yaml': pod(`      postStart:
        exec:
          command: ["/bin/sh", "-c", "exit 3"]`) },
    });
    await s.run('kubectl apply -f hooks.yaml');
    await s.run('sleep 8');
    const ev = await s.run('kubectl get events --field-selector reason=FailedPostStartHook -o jsonpath={.items[0].message}');
    expect(ev.stdout).toMatch(/^Exec lifecycle hook \(\[\/bin\/sh -c exit 3\]\) for Container "web" in Pod "hooks_default\([0-9a-f-]+\)" failed - error: command '\/bin\/sh -c exit 3' exited with 3: , message: ""$/);
    expect((await s.run('kubectl get pod hooks -o jsonpath={.status.containerStatuses[0].restartCount}')).stdout).not.toBe('0');
  });
});

describe('parallel processing using expansions', () => {
  it('downloads the template with curl -O and expands it with sed, where $ in the middle is a literal', async () => {
    const s = await openSession({ seed: 8, preset: 'kind' });
    const dl = await s.run('curl -L -s -O https://k8s.io/examples/application/job/job-tmpl.yaml');
    expect(dl.exitCode).toBe(0);
    expect((await s.run('grep -c ITEM job-tmpl.yaml')).stdout).toBe('2\n');
    expect((await s.run(`sed "s/\\$ITEM/apple/" job-tmpl.yaml | grep -m1 name:`)).stdout).toBe('  name: process-item-apple\n');
    // Anchors keep their meaning at the ends.
    expect((await s.run(`printf 'a^b$\\n' | sed 's/^a^b$$/X/'`)).stdout).toBe('X\n');
    // A document nobody publishes is the host's 404, not a file.
    expect((await s.run('curl -s -o /dev/null -w "%{http_code}" https://k8s.io/examples/no-such.yaml; echo')).exitCode).toBe(0);
  });

  it('rev reverses each line, as the Indexed Job workers do', async () => {
    const s = await openSession({ seed: 8, preset: 'kind' });
    await s.run('kubectl run r --image=busybox --restart=Never -- sh -c "echo foo > /tmp/d; rev /tmp/d"');
    await s.run('sleep 5');
    expect((await s.run('kubectl logs r')).stdout).toBe('oof\n');
  });
});

describe('bash in an image', () => {
  it("runs bash's indexed arrays, which busybox's sh refuses", async () => {
    const s = await openSession({ seed: 9, preset: 'kind' });
    await s.run(`kubectl run b --image=bash --restart=Never -- bash -c 'a=(x y z); i=2; echo \${a[1]} \${a[$i]} \${a[@]} \${#a[@]} $a'`);
    await s.run(`kubectl run s --image=busybox --restart=Never -- sh -c 'a=(x y)'`);
    await s.run('sleep 6');
    expect((await s.run('kubectl logs b')).stdout).toBe('y z x y z 3 x\n');
    expect((await s.run('kubectl logs s')).stdout).toBe('sh: syntax error: unexpected "("\n');
  });
});

describe('busybox ping', () => {
  it('answers for a Pod by its headless-Service name, not for a ClusterIP, and refuses a bad name', async () => {
    const s = await openSession({ seed: 10, preset: 'kind' });
    await s.run('kubectl run a --image=busybox --restart=Never -- sleep 3600');
    await s.run('kubectl run b --image=busybox --restart=Never -- sleep 3600');
    await s.run('kubectl wait --for=condition=Ready pod/a pod/b');
    const ip = (await s.run('kubectl get pod b -o jsonpath={.status.podIP}')).stdout;
    const ok = await s.run(`kubectl exec a -- ping -c 1 ${ip}`);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain(`64 bytes from ${ip}: seq=0`);
    expect(ok.stdout).toContain('1 packets transmitted, 1 packets received, 0% packet loss');
    const svc = await s.run('kubectl exec a -- ping -c 1 -W 2 kubernetes.default');
    expect(svc.exitCode).toBe(1);
    expect(svc.stdout).toContain('1 packets transmitted, 0 packets received, 100% packet loss');
    const bad = await s.run('kubectl exec a -- ping -c 1 no-such-host');
    expect(bad.stderr).toContain("ping: bad address 'no-such-host'");
    // Debian-based images have no ping.
    await s.run('kubectl run n --image=nginx');
    await s.run('kubectl wait --for=condition=Ready pod/n');
    expect((await s.run('kubectl exec n -- ping -c 1 127.0.0.1')).stderr).toContain('exec: "ping": executable file not found in $PATH');
  });
});
