import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { maxSurge, maxUnavailable, resolveFenceposts, scaledValue } from './fenceposts.ts';
import { newRSNewReplicas } from './new-replica-set.ts';

function d(replicas: number, maxS: number | string = '25%', maxU: number | string = '25%', type = 'RollingUpdate'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, strategy: type === 'Recreate' ? { type } : { type, rollingUpdate: { maxSurge: maxS, maxUnavailable: maxU } } },
  };
}
function rs(name: string, replicas: number): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name }, spec: { replicas } };
}

describe('fenceposts', () => {
  it('rounds surge up and unavailable down (reference worked examples)', () => {
    expect([maxSurge(d(3)), maxUnavailable(d(3))]).toEqual([1, 0]);
    expect([maxSurge(d(4)), maxUnavailable(d(4))]).toEqual([1, 1]);
    expect([maxSurge(d(10)), maxUnavailable(d(10))]).toEqual([3, 2]);
    expect([maxSurge(d(1)), maxUnavailable(d(1))]).toEqual([1, 0]);
  });

  it('turns a 0/0 resolution into unavailable 1, capped at replicas', () => {
    expect(resolveFenceposts(0, '25%', 1)).toEqual([0, 1]);
    expect(maxUnavailable(d(1, 0, '25%'))).toBe(1);
    expect(maxUnavailable(d(0))).toBe(0);
    expect(maxUnavailable(d(2, 0, 5))).toBe(2);
  });

  it('has no surge or unavailability for Recreate', () => {
    expect([maxSurge(d(3, 0, 0, 'Recreate')), maxUnavailable(d(3, 0, 0, 'Recreate'))]).toEqual([0, 0]);
  });

  it('scales integers as is and rejects non-percent strings', () => {
    expect(scaledValue(2, 10, true)).toBe(2);
    expect(scaledValue('33%', 10, true)).toBe(4);
    expect(scaledValue('33%', 10, false)).toBe(3);
    expect(scaledValue('3', 10, false)).toBeUndefined();
  });

  it('grows the new ReplicaSet only within replicas + surge, never past replicas', () => {
    const dep = d(3);
    expect(newRSNewReplicas(dep, [rs('old', 3), rs('new', 0)], rs('new', 0))).toBe(1);
    expect(newRSNewReplicas(dep, [rs('old', 3), rs('new', 1)], rs('new', 1))).toBe(1);
    expect(newRSNewReplicas(dep, [rs('old', 2), rs('new', 1)], rs('new', 1))).toBe(2);
    expect(newRSNewReplicas(dep, [rs('old', 0), rs('new', 2)], rs('new', 2))).toBe(3);
    expect(newRSNewReplicas(d(3, 0, 0, 'Recreate'), [rs('old', 3), rs('new', 0)], rs('new', 0))).toBe(3);
  });
});
