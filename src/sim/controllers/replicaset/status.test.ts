import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { isoTime } from '../../api/types.ts';
import { calculateStatus as fromCounts, countPods } from './status.ts';

function calculateStatus(r: KubeObject, pods: KubeObject[], now: number, err?: { message: string }) {
  return fromCounts(r, countPods(r, pods, now), now, err);
}

const NOW = Date.UTC(2026, 10, 30, 3, 0, 0);

function rs(extra: Partial<{ minReadySeconds: number; replicas: number; generation: number; conditions: unknown[] }> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web-abc', namespace: 'default', generation: extra.generation ?? 1 },
    spec: {
      replicas: extra.replicas ?? 3,
      minReadySeconds: extra.minReadySeconds,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web', tier: 'fe' } }, spec: {} },
    },
    status: extra.conditions ? { replicas: 0, conditions: extra.conditions } : undefined,
  };
}

function pod(name: string, opts: { labels?: Record<string, string>; readyAt?: number; ready?: boolean } = {}): KubeObject {
  const conditions =
    opts.ready === false
      ? [{ type: 'Ready', status: 'False', lastTransitionTime: isoTime(NOW) }]
      : opts.readyAt !== undefined
        ? [{ type: 'Ready', status: 'True', lastTransitionTime: isoTime(opts.readyAt) }]
        : [];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: opts.labels ?? { app: 'web', tier: 'fe' } },
    status: { phase: 'Running', conditions },
  };
}

describe('ReplicaSet calculateStatus', () => {
  it('reports just replicas and observedGeneration with no pods', () => {
    expect(calculateStatus(rs({ generation: 4 }), [], NOW)).toEqual({ replicas: 0, observedGeneration: 4 });
  });

  it('counts pods, fully labeled ones, ready and available ones', () => {
    const pods = [
      pod('a', { readyAt: NOW - 10_000 }),
      pod('b', { readyAt: NOW - 10_000, labels: { app: 'web' } }),
      pod('c', { ready: false }),
      pod('d'),
    ];
    expect(calculateStatus(rs(), pods, NOW)).toEqual({
      replicas: 4,
      fullyLabeledReplicas: 3,
      readyReplicas: 2,
      availableReplicas: 2,
      observedGeneration: 1,
    });
  });

  it('counts a ready pod as available only after minReadySeconds', () => {
    const r = rs({ minReadySeconds: 10 });
    expect(calculateStatus(r, [pod('a', { readyAt: NOW - 9_000 })], NOW).availableReplicas).toBeUndefined();
    expect(calculateStatus(r, [pod('a', { readyAt: NOW - 9_000 })], NOW).readyReplicas).toBe(1);
    expect(calculateStatus(r, [pod('a', { readyAt: NOW - 10_000 })], NOW).availableReplicas).toBe(1);
    expect(calculateStatus(rs({ minReadySeconds: 0 }), [pod('a', { readyAt: NOW })], NOW).availableReplicas).toBe(1);
  });

  it('adds a ReplicaFailure condition on a failed create, keeps it, and clears it after success', () => {
    const failed = calculateStatus(rs({ replicas: 3 }), [pod('a')], NOW, { message: 'pods "x" is forbidden: quota' });
    expect(failed.conditions).toEqual([
      { type: 'ReplicaFailure', status: 'True', lastTransitionTime: isoTime(NOW), reason: 'FailedCreate', message: 'pods "x" is forbidden: quota' },
    ]);
    const again = calculateStatus(rs({ conditions: failed.conditions }), [pod('a')], NOW + 5000, { message: 'other' });
    expect(again.conditions).toEqual(failed.conditions);
    expect(calculateStatus(rs({ conditions: failed.conditions }), [pod('a')], NOW).conditions).toBeUndefined();
  });

  it('names a failed delete FailedDelete', () => {
    const s = calculateStatus(rs({ replicas: 0 }), [pod('a')], NOW, { message: 'boom' });
    expect(s.conditions?.[0]?.reason).toBe('FailedDelete');
  });
});
