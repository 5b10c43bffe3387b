import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { kindLikeCluster, podManifest } from '../nodes/test-cluster.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startKubelets } from './component.ts';

function cluster(): Cluster {
  return kindLikeCluster([startScheduler, startKubelets]);
}

function events(c: Cluster, pod: string) {
  return c.store
    .list('events', 'default')
    .filter((e) => (e.involvedObject as { name: string }).name === pod)
    .sort((a, b) => (a.firstTimestamp as string).localeCompare(b.firstTimestamp as string) || Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .map((e) => `${e.type} ${e.reason} ${e.message}${(e.count as number) > 1 ? ` (x${e.count})` : ''}`);
}

function pod(c: Cluster, name: string) {
  return c.store.get('pods', 'default', name)!;
}

function run(c: Cluster, name: string, image: string, spec: Record<string, unknown> = {}, container: Record<string, unknown> = {}) {
  const m = podManifest(name, spec, image);
  Object.assign(m.spec.containers[0], container);
  c.api.create('pods', m);
  c.settle();
}

describe('kubelet lifecycle', () => {
  it('takes nginx from ContainerCreating to Running with the real events', () => {
    const c = cluster();
    run(c, 'nginx', 'nginx:1.19');
    let p = pod(c, 'nginx');
    expect(p.status.phase).toBe('Pending');
    expect(p.status.containerStatuses[0].state.waiting.reason).toBe('ContainerCreating');
    expect(p.status.podIP).toBeUndefined();
    c.advance(10_000);
    p = pod(c, 'nginx');
    expect(p.status.phase).toBe('Running');
    expect(p.status.podIP).toBe('10.244.1.2');
    const cs = p.status.containerStatuses[0];
    expect(cs.image).toBe('docker.io/library/nginx:1.19');
    expect(cs.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(cs.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(cs).toMatchObject({ ready: true, started: true, restartCount: 0, lastState: {} });
    expect(p.status.conditions.map((x: { type: string; status: string }) => `${x.type}=${x.status}`)).toEqual([
      'PodReadyToStartContainers=True',
      'Initialized=True',
      'Ready=True',
      'ContainersReady=True',
      'PodScheduled=True',
    ]);
    const ev = events(c, 'nginx');
    expect(ev[0]).toBe('Normal Scheduled Successfully assigned default/nginx to kind-worker');
    expect(ev[1]).toBe('Normal Pulling Pulling image "nginx:1.19"');
    expect(ev[2]).toMatch(/^Normal Pulled Successfully pulled image "nginx:1\.19" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: \d+ bytes\.$/);
    expect(ev.slice(3)).toEqual(['Normal Created Created container: nginx', 'Normal Started Started container nginx']);
    const logs = c.nodeProxy!.logs('default', 'nginx', undefined, {});
    expect(logs).toContain('/docker-entrypoint.sh: Configuration complete; ready for start up\n');
    expect(logs).toContain('[notice] 1#1: nginx/1.19.10');

    run(c, 'second', 'nginx:1.19', { nodeName: 'kind-worker' });
    c.advance(5_000);
    expect(events(c, 'second')).toContain('Normal Pulled Container image "nginx:1.19" already present on machine');
    expect(pod(c, 'second').status.podIP).toBe('10.244.1.3');
  });

  it('runs busybox commands to completion and sets the phase from restartPolicy', () => {
    const c = cluster();
    run(c, 'once', 'busybox:1.36', { restartPolicy: 'Never' }, { command: ['sh', '-c', 'for i in 1 2 3; do echo "n=$i"; done; exit 3'] });
    c.advance(10_000);
    const p = pod(c, 'once');
    expect(p.status.phase).toBe('Failed');
    expect(p.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    expect(c.nodeProxy!.logs('default', 'once', 'once', {})).toBe('n=1\nn=2\nn=3\n');
    run(c, 'ok', 'busybox:1.36', { restartPolicy: 'OnFailure' }, { args: ['echo', 'done'] });
    c.advance(10_000);
    expect(pod(c, 'ok').status.phase).toBe('Succeeded');
    expect(pod(c, 'ok').status.containerStatuses[0].state.terminated.reason).toBe('Completed');
  });

  it('crash-loops with back-off 10s, 20s, 40s ... capped at 300s', () => {
    const c = cluster();
    run(c, 'crash', 'busybox:1.36', {}, { command: ['false'] });
    const restartsAt: number[] = [];
    let last = 0;
    const t0 = c.now();
    for (let s = 0; s < 1200; s++) {
      c.advance(1000);
      const rc = pod(c, 'crash').status.containerStatuses[0].restartCount;
      if (rc !== last) {
        restartsAt.push(Math.round((c.now() - t0) / 1000));
        last = rc;
      }
    }
    const gaps = restartsAt.slice(1).map((t, i) => t - restartsAt[i]!);
    expect(gaps.slice(0, 6)).toEqual([10, 20, 40, 80, 160, 300].map((g) => g + gaps[0]! - 10));
    const st = pod(c, 'crash').status.containerStatuses[0];
    expect(st.state.waiting?.reason ?? 'CrashLoopBackOff').toBe('CrashLoopBackOff');
    expect(events(c, 'crash').some((e) => /^Warning BackOff Back-off restarting failed container crash in pod crash_default\(.+\)/.test(e))).toBe(true);
  });

  it('reports ErrImagePull then ImagePullBackOff with the exact events, and logs refuse', () => {
    const c = cluster();
    run(c, 'badimage', 'nginx:nosuchtag');
    const reason = () => pod(c, 'badimage').status.containerStatuses[0].state.waiting.reason;
    while (reason() === 'ContainerCreating') c.advance(100);
    expect(reason()).toBe('ErrImagePull');
    expect(() => c.nodeProxy!.logs('default', 'badimage', undefined, {})).toThrow(
      `container "badimage" in pod "badimage" is waiting to start: image can't be pulled`,
    );
    // ErrImagePull stays until the pod worker's next sync; the second failure is followed by ImagePullBackOff.
    c.advance(9_000);
    expect(reason()).toBe('ErrImagePull');
    for (let i = 0; i < 400 && reason() !== 'ImagePullBackOff'; i++) c.advance(100);
    expect(reason()).toBe('ImagePullBackOff');
    expect(c.now() - Date.parse(pod(c, 'badimage').metadata.creationTimestamp!)).toBeGreaterThan(20_000);
    expect(() => c.nodeProxy!.logs('default', 'badimage', undefined, {})).toThrow('is waiting to start: trying and failing to pull image');
    const ev = events(c, 'badimage').map((e) => e.replace(/ \(x\d+\)$/, ''));
    expect(ev).toContain(
      'Warning Failed Failed to pull image "nginx:nosuchtag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nosuchtag": failed to resolve reference "docker.io/library/nginx:nosuchtag": docker.io/library/nginx:nosuchtag: not found',
    );
    expect(ev).toContain('Warning Failed Error: ErrImagePull');
    expect(ev).toContain('Normal BackOff Back-off pulling image "nginx:nosuchtag"');
    expect(ev).toContain('Warning Failed Error: ImagePullBackOff');
    c.advance(60_000);
    expect(events(c, 'badimage').find((e) => e.startsWith('Normal Pulling'))).toMatch(/\(x[2-9]\)$/);
    expect(pod(c, 'badimage').status.phase).toBe('Pending');
  });

  it('mysql without a password crash-loops and prints its real error', () => {
    const c = cluster();
    run(c, 'db', 'mysql:8.0');
    c.advance(40_000);
    const st = pod(c, 'db').status.containerStatuses[0];
    expect(st.restartCount).toBeGreaterThanOrEqual(1);
    const log = c.nodeProxy!.logs('default', 'db', undefined, {});
    expect(log).toContain('[ERROR] [Entrypoint]: Database is uninitialized and password option is not specified\n    You need to specify one of the following as an environment variable:\n    - MYSQL_ROOT_PASSWORD\n');
    expect(c.nodeProxy!.logs('default', 'db', undefined, { previous: true })).toContain('Database is uninitialized');
  });

  it('blocks on a missing ConfigMap: env -> CreateContainerConfigError, volume -> FailedMount', () => {
    const c = cluster();
    run(c, 'envpod', 'nginx:1.27', {}, { env: [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'app-config', key: 'a' } } }] });
    run(c, 'volpod', 'nginx:1.27', { volumes: [{ name: 'cfg', configMap: { name: 'app-config' } }] }, { volumeMounts: [{ name: 'cfg', mountPath: '/etc/cfg' }] });
    c.advance(8_000);
    expect(pod(c, 'envpod').status.containerStatuses[0].state.waiting).toEqual({ reason: 'CreateContainerConfigError', message: 'configmap "app-config" not found' });
    expect(events(c, 'envpod')).toContain('Warning Failed Error: configmap "app-config" not found');
    expect(pod(c, 'volpod').status.containerStatuses[0].state.waiting.reason).toBe('ContainerCreating');
    expect(events(c, 'volpod').some((e) => e.startsWith('Warning FailedMount MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found'))).toBe(true);
    c.api.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default' }, data: { a: 'b' } });
    c.advance(40_000);
    expect(pod(c, 'envpod').status.phase).toBe('Running');
    expect(pod(c, 'volpod').status.phase).toBe('Running');
  });

  it('deletes gracefully: nginx stops at once, busybox sleep waits for the grace period', () => {
    const c = cluster();
    run(c, 'web', 'nginx:1.27');
    run(c, 'sleeper', 'busybox:1.36', { terminationGracePeriodSeconds: 30 }, { command: ['sleep', '3600'] });
    c.advance(10_000);
    c.api.delete('pods', 'default', 'web');
    c.api.delete('pods', 'default', 'sleeper');
    c.advance(1_000);
    expect(c.store.get('pods', 'default', 'web')).toBeUndefined();
    expect(pod(c, 'sleeper').metadata.deletionTimestamp).toBeDefined();
    expect(events(c, 'sleeper')).toContain('Normal Killing Stopping container sleeper');
    c.advance(30_000);
    expect(c.store.get('pods', 'default', 'sleeper')).toBeUndefined();
  });

  it('explains logs errors like the API server', () => {
    const c = cluster();
    const m = podManifest('two', {}, 'nginx:1.27');
    m.spec.containers.push({ name: 'side', image: 'busybox:1.36', command: ['sh', '-c', 'echo hi; sleep 3600'] });
    c.api.create('pods', m);
    c.settle();
    expect(() => c.nodeProxy!.logs('default', 'two', undefined, {})).toThrow('a container name must be specified for pod two, choose one of: [two side]');
    expect(() => c.nodeProxy!.logs('default', 'two', 'nope', {})).toThrow('container nope is not valid for pod two');
    expect(() => c.nodeProxy!.logs('default', 'two', 'side', {})).toThrow('container "side" in pod "two" is waiting to start: ContainerCreating');
    c.advance(15_000);
    expect(c.nodeProxy!.logs('default', 'two', 'side', {})).toBe('hi\n');
    expect(() => c.nodeProxy!.logs('default', 'two', 'side', { previous: true })).toThrow('previous terminated container "side" in pod "two" not found');
    expect(() => c.nodeProxy!.logs('default', 'nope', undefined, {})).toThrow('pods "nope" not found');
  });
});

describe('entrypoints and commands', () => {
  it('runs args through an image entrypoint, and fails unknown executables like containerd', () => {
    const c = cluster();
    run(c, 'sleeper', 'nginx:1.27', {}, { args: ['sh', '-c', 'echo from-nginx-image'] });
    run(c, 'nosuch', 'busybox:1.36', { restartPolicy: 'Never' }, { command: ['foo'] });
    c.advance(10_000);
    expect(c.nodeProxy!.logs('default', 'sleeper', undefined, {})).toBe('from-nginx-image\n');
    const t = pod(c, 'nosuch').status.containerStatuses[0].state.terminated;
    expect(t).toMatchObject({ exitCode: 128, reason: 'StartError' });
    expect(t.message).toContain('exec: "foo": executable file not found in $PATH: unknown');
    expect(pod(c, 'nosuch').status.phase).toBe('Failed');
  });

  it('backs off restarting a container that cannot start, as it does a crashing one', () => {
    const c = cluster();
    run(c, 'nosuch', 'busybox:1.36', {}, { command: ['foo'] });
    c.advance(60_000);
    const s = pod(c, 'nosuch').status.containerStatuses[0];
    // Starts at about 0, 10, 30 s (10 s then 20 s of back-off), not once a second.
    expect(s.restartCount).toBeGreaterThanOrEqual(2);
    expect(s.restartCount).toBeLessThanOrEqual(4);
    expect(s.state.waiting?.reason).toBe('CrashLoopBackOff');
  });
});

describe('pod networking from containers', () => {
  it('a sidecar reaches nginx on localhost; another Pod reaches it by Pod IP; nginx logs each request', () => {
    const c = cluster();
    const m = podManifest('two', {}, 'nginx:1.19');
    m.spec.containers.push({ name: 'fetcher', image: 'busybox:1.36', command: ['sh', '-c', 'while true; do wget -q -O- http://localhost:80 | grep title; sleep 5; done'] });
    c.api.create('pods', m);
    c.settle();
    c.advance(20_000);
    expect(c.nodeProxy!.logs('default', 'two', 'fetcher', {}).split('\n')[0]).toBe('<title>Welcome to nginx!</title>');
    expect(c.nodeProxy!.logs('default', 'two', 'two', {})).toMatch(/127\.0\.0\.1 - - \[30\/Nov\/2026:03:00:\d\d \+0000\] "GET \/ HTTP\/1\.1" 200 612 "-" "Wget" "-"/);
    const ip = pod(c, 'two').status.podIP;
    run(c, 'client', 'busybox:1.36', { restartPolicy: 'Never' }, { command: ['sh', '-c', `wget -O- http://${ip}/nope; echo "rc=$?"; wget -q -O- http://${ip}:8080/ ; wget http://nosuch.example/`] });
    // This cluster runs no CoreDNS: the name lookup waits out the resolver's timeout first.
    c.advance(20_000);
    expect(c.nodeProxy!.logs('default', 'client', undefined, {})).toBe(
      [
        `Connecting to ${ip} (${ip}:80)`,
        'wget: server returned error: HTTP/1.1 404 Not Found',
        'rc=1',
        `wget: can't connect to remote host (${ip}): Connection refused`,
        "wget: bad address 'nosuch.example'",
        '',
      ].join('\n'),
    );
  });
});

describe('sidecar init containers', () => {
  it('start before the app, keep running beside it, and stop when a run-to-completion app ends', () => {
    const c = cluster();
    const m = podManifest('job', { restartPolicy: 'Never' }, 'busybox:1.36');
    m.spec.containers[0].command = ['sh', '-c', 'sleep 5; echo done'];
    m.spec.initContainers = [
      { name: 'log-shipper', image: 'busybox:1.36', restartPolicy: 'Always', command: ['sh', '-c', "trap 'exit 0' TERM; while true; do sleep 1; done"] },
    ];
    c.api.create('pods', m);
    c.settle();
    c.advance(6_000);
    let s = pod(c, 'job').status;
    expect(s.phase).toBe('Running');
    expect(s.initContainerStatuses[0].state.running).toBeDefined();
    expect(s.conditions.find((x: { type: string }) => x.type === 'Initialized').status).toBe('True');
    c.advance(15_000);
    s = pod(c, 'job').status;
    expect(s.phase).toBe('Succeeded');
    expect(s.initContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0 });
  });
});
