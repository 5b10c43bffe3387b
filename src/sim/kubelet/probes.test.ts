import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { kindLikeCluster, podManifest } from '../nodes/test-cluster.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startKubelets } from './component.ts';

function events(c: Cluster, pod: string): string[] {
  return c.store
    .list('events', 'default')
    .filter((e) => (e.involvedObject as { name: string }).name === pod)
    .map((e) => `${e.reason} ${e.message}${(e.count as number) > 1 ? ` (x${e.count})` : ''}`);
}

function status(c: Cluster, name: string) {
  return c.store.get('pods', 'default', name)!.status.containerStatuses[0];
}

function run(c: Cluster, name: string, image: string, container: Record<string, unknown>) {
  const m = podManifest(name, {}, image);
  Object.assign(m.spec.containers[0], container);
  c.api.create('pods', m);
  c.settle();
}

describe('probes', () => {
  it('liveness on a path nginx does not serve: Unhealthy x3, Killing, restart', () => {
    const c = kindLikeCluster([startScheduler, startKubelets]);
    run(c, 'live', 'nginx:1.27', { livenessProbe: { httpGet: { path: '/healthz', port: 80 }, initialDelaySeconds: 3, periodSeconds: 3, failureThreshold: 3 } });
    c.advance(30_000);
    const ev = events(c, 'live');
    expect(ev.some((e) => /^Unhealthy Liveness probe failed: HTTP probe failed with statuscode: 404 \(x\d+\)$/.test(e))).toBe(true);
    expect(ev.some((e) => e.startsWith('Killing Container live failed liveness probe, will be restarted'))).toBe(true);
    expect(status(c, 'live').restartCount).toBeGreaterThanOrEqual(1);
    expect(status(c, 'live').lastState.terminated).toMatchObject({ reason: 'Completed', exitCode: 0 });
  });

  it('readiness drives ready; a closed port is connection refused', () => {
    const c = kindLikeCluster([startScheduler, startKubelets]);
    run(c, 'ready', 'nginx:1.27', { readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 } });
    run(c, 'closed', 'nginx:1.27', { readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 5 } });
    c.advance(4_000);
    c.advance(8_000);
    expect(status(c, 'ready').ready).toBe(true);
    expect(status(c, 'closed').ready).toBe(false);
    expect(status(c, 'closed').started).toBe(true);
    const ip = c.store.get('pods', 'default', 'closed')!.status.podIP;
    expect(events(c, 'closed').some((e) => e.startsWith(`Unhealthy Readiness probe failed: dial tcp ${ip}:8080: connect: connection refused`))).toBe(true);
    const cond = c.store.get('pods', 'default', 'closed')!.status.conditions.find((x: { type: string }) => x.type === 'Ready');
    expect(cond).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [closed]' });
  });

  it('exec liveness on a file the container removes (the classic exercise)', () => {
    const c = kindLikeCluster([startScheduler, startKubelets]);
    run(c, 'liveness-exec', 'busybox:1.36', {
      args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'],
      livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, periodSeconds: 5 },
    });
    c.advance(30_000);
    expect(status(c, 'liveness-exec').restartCount).toBe(0);
    c.advance(30_000);
    const ev = events(c, 'liveness-exec');
    expect(ev.some((e) => e.startsWith("Unhealthy Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"))).toBe(true);
    expect(ev).toContain('Killing Container liveness-exec failed liveness probe, will be restarted');
    // busybox sh ignores SIGTERM as PID 1: it is killed when the 30 s grace period ends.
    c.advance(40_000);
    expect(status(c, 'liveness-exec').restartCount).toBe(1);
    expect(status(c, 'liveness-exec').lastState.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });
});
