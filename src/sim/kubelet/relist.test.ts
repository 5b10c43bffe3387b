import { describe, expect, it } from 'vitest';
import { nextRelist, RELIST_PERIOD_MS, reportedReady, unreported } from './relist.ts';
import { newContainer, type PodRuntime } from './runtime.ts';

function pod(node = 'kind-worker'): PodRuntime {
  const c = newContainer({ name: 'main' }, false);
  return {
    uid: 'u',
    namespace: 'default',
    name: 'p',
    node,
    hostIP: '172.18.0.3',
    ip: '10.244.1.2',
    startTime: 0,
    volumesReady: true,
    sandboxReady: true,
    mountFailures: 0,
    containers: [c],
    conditionTimes: new Map(),
    terminating: false,
  };
}

describe('kubelet relist', () => {
  it('comes once a period, at a phase fixed per node, strictly after the time asked about', () => {
    for (const node of ['kind-worker', 'kind-worker2', 'kind-control-plane']) {
      const first = nextRelist(node, 10_000);
      expect(first).toBeGreaterThan(10_000);
      expect(first).toBeLessThanOrEqual(10_000 + RELIST_PERIOD_MS);
      expect(nextRelist(node, first)).toBe(first + RELIST_PERIOD_MS);
      expect(nextRelist(node, first - 1)).toBe(first);
      expect(nextRelist(node, first + 5 * RELIST_PERIOD_MS + 1)).toBe(first + 6 * RELIST_PERIOD_MS);
    }
    expect(nextRelist('kind-worker', 0) % RELIST_PERIOD_MS).not.toBe(nextRelist('kind-worker2', 0) % RELIST_PERIOD_MS);
  });

  it('reports a started container ready only from the next relist on', () => {
    const rt = pod();
    const c = rt.containers[0]!;
    Object.assign(c, { step: 'running', running: { startedAt: 20_000 }, ready: true, started: true });
    const tick = nextRelist(rt.node, 20_000);
    expect(reportedReady(rt, 20_000)).toBe(false);
    expect(reportedReady(rt, tick - 1)).toBe(false);
    expect(unreported(rt, tick - 1)).toBe(true);
    expect(reportedReady(rt, tick)).toBe(true);
    expect(unreported(rt, tick)).toBe(false);
  });

  it('keeps reporting an exited container ready until the relist after its exit', () => {
    const rt = pod();
    const c = rt.containers[0]!;
    Object.assign(c, { step: 'done', ready: false, terminated: { exitCode: 0, reason: 'Completed', startedAt: 20_000, finishedAt: 25_000, containerID: 'x' } });
    const tick = nextRelist(rt.node, 25_000);
    expect(reportedReady(rt, 25_000)).toBe(true);
    expect(reportedReady(rt, tick - 1)).toBe(true);
    expect(reportedReady(rt, tick)).toBe(false);
    // One that exited before any relist saw it running was never reported ready.
    c.terminated = { ...c.terminated!, startedAt: 25_000 - 1, finishedAt: 25_000 };
    expect(reportedReady(rt, 25_000)).toBe(nextRelist(rt.node, 24_999) <= 25_000);
    // Nor was one with a readiness probe, whose readiness the relist does not decide.
    c.terminated = { ...c.terminated!, startedAt: 20_000 };
    c.spec = { name: 'main', readinessProbe: { exec: { command: ['true'] } } };
    expect(reportedReady(rt, 25_000)).toBe(false);
  });

  it('never reports a terminating Pod ready', () => {
    const rt = pod();
    Object.assign(rt.containers[0]!, { step: 'running', running: { startedAt: 0 }, ready: true });
    expect(reportedReady(rt, 10_000)).toBe(true);
    rt.terminating = true;
    expect(reportedReady(rt, 10_000)).toBe(false);
  });
});
