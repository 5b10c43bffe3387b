/**
 * Probe handlers and timings beyond the basics in probes.test.ts: the task page's demo images,
 * gRPC health, exec timeouts, startup probes, successThreshold and the probe's own grace period.
 */
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { kindLikeCluster, podManifest } from '../nodes/test-cluster.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startKubelets } from './component.ts';

function events(c: Cluster, pod: string): string[] {
  return c.store
    .list('events', 'default')
    .filter((e) => (e.involvedObject as { name: string }).name === pod)
    .map((e) => `${e.reason} ${e.message}`);
}

const status = (c: Cluster, name: string) => c.store.get('pods', 'default', name)!.status.containerStatuses[0];

function run(c: Cluster, name: string, image: string, container: Record<string, unknown>, spec: Record<string, unknown> = {}) {
  const m = podManifest(name, spec, image);
  Object.assign(m.spec.containers[0], container);
  c.api.create('pods', m);
  c.settle();
}

const cluster = () => kindLikeCluster([startScheduler, startKubelets]);

describe('probe demo images', () => {
  it('agnhost liveness: /healthz is fine for 10 s, then 500 and a restart (exit 2 on SIGTERM)', () => {
    const c = cluster();
    run(c, 'liveness-http', 'registry.k8s.io/e2e-test-images/agnhost:2.40', {
      args: ['liveness'],
      livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, initialDelaySeconds: 3, periodSeconds: 3 },
    });
    c.advance(12_000);
    expect(events(c, 'liveness-http').filter((e) => e.startsWith('Unhealthy'))).toEqual([]);
    c.advance(12_000);
    const ev = events(c, 'liveness-http');
    expect(ev).toContain('Unhealthy Liveness probe failed: HTTP probe failed with statuscode: 500');
    expect(ev).toContain('Killing Container liveness-http failed liveness probe, will be restarted');
    expect(status(c, 'liveness-http').restartCount).toBe(1);
    expect(status(c, 'liveness-http').lastState.terminated).toMatchObject({ exitCode: 2, reason: 'Error' });
  });

  it('goproxy passes TCP probes on 8080 and becomes ready after the initial delay', () => {
    const c = cluster();
    const tcp = { tcpSocket: { port: 8080 }, initialDelaySeconds: 15, periodSeconds: 10 };
    run(c, 'goproxy', 'registry.k8s.io/goproxy:0.1', { ports: [{ containerPort: 8080 }], readinessProbe: tcp, livenessProbe: tcp });
    c.advance(10_000);
    expect(status(c, 'goproxy').ready).toBe(false);
    c.advance(10_000);
    expect(status(c, 'goproxy').ready).toBe(true);
    expect(events(c, 'goproxy').filter((e) => e.startsWith('Unhealthy'))).toEqual([]);
  });

  it('gRPC: etcd serves the health protocol, nginx does not, a closed port times out', () => {
    const c = cluster();
    run(c, 'etcd', 'registry.k8s.io/etcd:3.5.1-0', { command: ['/usr/local/bin/etcd', '--data-dir', '/var/lib/etcd'], livenessProbe: { grpc: { port: 2379 }, initialDelaySeconds: 1 } });
    run(c, 'web', 'nginx:1.27', { livenessProbe: { grpc: { port: 80 }, periodSeconds: 5 } });
    run(c, 'closed', 'nginx:1.27', { readinessProbe: { grpc: { port: 9090 }, periodSeconds: 5 } });
    c.advance(12_000);
    expect(events(c, 'etcd').filter((e) => e.startsWith('Unhealthy'))).toEqual([]);
    expect(events(c, 'web')).toContain('Unhealthy Liveness probe failed: error: this server does not implement the grpc health protocol (grpc.health.v1.Health): rpc error: code = Unimplemented desc = unknown service grpc.health.v1.Health');
    const ip = c.store.get('pods', 'default', 'closed')!.status.podIP;
    expect(events(c, 'closed')).toContain(`Unhealthy Readiness probe failed: timeout: failed to connect service "${ip}:9090" within 1s: context deadline exceeded`);
  });
});

describe('probe timing', () => {
  it('an exec probe slower than timeoutSeconds fails with the runtime timeout text', () => {
    const c = cluster();
    run(c, 'slowcheck', 'busybox:1.36', { command: ['sleep', '3600'], readinessProbe: { exec: { command: ['sleep', '2'] }, periodSeconds: 5 } });
    run(c, 'patient', 'busybox:1.36', { command: ['sleep', '3600'], readinessProbe: { exec: { command: ['sleep', '2'] }, periodSeconds: 5, timeoutSeconds: 3 } });
    c.advance(8_000);
    expect(events(c, 'slowcheck')).toContain('Unhealthy Readiness probe failed: command "sleep 2" timed out');
    expect(status(c, 'slowcheck').ready).toBe(false);
    expect(status(c, 'patient').ready).toBe(true);
  });

  it('a startup probe holds liveness back, and kills with its own message when it never passes', () => {
    const c = cluster();
    const check = { exec: { command: ['cat', '/tmp/up'] }, periodSeconds: 2 };
    run(c, 'late', 'busybox:1.36', { command: ['sh', '-c', 'sleep 7; touch /tmp/up; sleep 3600'], startupProbe: { ...check, failureThreshold: 10 }, livenessProbe: { ...check, failureThreshold: 1 } });
    run(c, 'never', 'busybox:1.36', { command: ['sleep', '3600'], startupProbe: { ...check, failureThreshold: 3 } }, { terminationGracePeriodSeconds: 1 });
    c.advance(20_000);
    expect(status(c, 'late')).toMatchObject({ restartCount: 0, started: true, ready: true });
    const unhealthy = events(c, 'late').filter((e) => e.startsWith('Unhealthy'));
    expect(unhealthy).toEqual(["Unhealthy Startup probe failed: cat: can't open '/tmp/up': No such file or directory"]);
    expect(events(c, 'never')).toContain('Killing Container never failed startup probe, will be restarted');
    expect(status(c, 'never').restartCount).toBeGreaterThanOrEqual(1);
  });

  it('readiness needs successThreshold passes in a row', () => {
    const c = cluster();
    run(c, 'web', 'nginx:1.27', { readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 2, successThreshold: 3 } });
    // Timed from the container's start, whatever the image pull took: passes at +0, +2 and +4 s.
    while (!status(c, 'web')?.state?.running) c.advance(100);
    c.advance(3_500);
    expect(status(c, 'web').ready).toBe(false);
    c.advance(1_000);
    expect(status(c, 'web').ready).toBe(true);
  });

  it('a probe-level terminationGracePeriodSeconds overrides the Pod\'s when liveness kills', () => {
    const c = cluster();
    const probe = { exec: { command: ['false'] }, periodSeconds: 2, failureThreshold: 1, terminationGracePeriodSeconds: 2 };
    run(c, 'stubborn', 'busybox:1.36', { command: ['sleep', '3600'], livenessProbe: probe }, { terminationGracePeriodSeconds: 600 });
    c.advance(10_000);
    expect(status(c, 'stubborn').restartCount).toBeGreaterThanOrEqual(1);
    expect(status(c, 'stubborn').lastState.terminated).toMatchObject({ exitCode: 137 });
  });
});

describe('a probe command the image does not have', () => {
  it('is reported as an error and ignored: never ready, never restarted', () => {
    const c = cluster();
    const curl = { exec: { command: ['curl', '-f', 'http://localhost/'] }, periodSeconds: 2, failureThreshold: 1 };
    run(c, 'nocurl', 'busybox:1.36', { command: ['sleep', '3600'], readinessProbe: curl, livenessProbe: curl });
    c.advance(20_000);
    expect(status(c, 'nocurl')).toMatchObject({ ready: false, restartCount: 0 });
    const ev = events(c, 'nocurl').filter((e) => e.startsWith('Unhealthy'));
    expect(ev.some((e) => /^Unhealthy Liveness probe errored and resulted in unknown state: rpc error: code = Unknown desc = failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in \$PATH: unknown$/.test(e))).toBe(true);
    expect(ev.some((e) => e.startsWith('Unhealthy Readiness probe errored and resulted in unknown state: '))).toBe(true);
    expect(events(c, 'nocurl').some((e) => e.startsWith('Killing'))).toBe(false);
  });
});

describe('exec in a container shell', () => {
  it('replaces sh with the image\'s server, which then answers probes', () => {
    const c = cluster();
    run(c, 'shop', 'nginx:1.27', {
      command: ['sh', '-c', "echo ok > /usr/share/nginx/html/healthz.html; exec nginx -g 'daemon off;'"],
      readinessProbe: { httpGet: { path: '/healthz.html', port: 80 }, periodSeconds: 2 },
    });
    c.advance(5_000);
    expect(status(c, 'shop')).toMatchObject({ ready: true, restartCount: 0 });
  });
});
