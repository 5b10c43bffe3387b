/** The disruption controller's arithmetic (pkg/controller/disruption), on hand-made Pods. */
import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '../generated-types.ts';
import { countHealthy, disruptionsAllowed, expectedPodCount, scaledValue, type ScaleLookup } from './budget.ts';

const pdb = (spec: Record<string, unknown>): PodDisruptionBudget =>
  ({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'b', namespace: 'default', generation: 1 },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  }) as PodDisruptionBudget;

function pod(name: string, owner?: { kind: string; name: string; uid: string }, ready = true): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      labels: { app: 'web' },
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', controller: true, ...owner }] } : {}),
    },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  } as Pod;
}

/** Two ReplicaSets of 4 and 6 replicas, and a Job, as the finders would see them. */
const scales: ScaleLookup = (_pod, ref) => {
  if (ref.kind === 'Job') return { error: 'jobs.batch does not implement the scale subresource' };
  return { rs1: { uid: 'rs1', replicas: 4 }, rs2: { uid: 'rs2', replicas: 6 } }[ref.uid];
};
const rs = (n: 1 | 2) => ({ kind: 'ReplicaSet', name: `rs${n}`, uid: `rs${n}` });

describe('the budget of a PodDisruptionBudget', () => {
  it('scales percentages rounding up, and refuses a string that is not one', () => {
    expect(scaledValue('50%', 3)).toBe(2);
    expect(scaledValue('34%', 3)).toBe(2);
    expect(scaledValue('1%', 10)).toBe(1);
    expect(scaledValue('0%', 10)).toBe(0);
    expect(scaledValue('100%', 7)).toBe(7);
    expect(scaledValue(3, 100)).toBe(3);
    expect(scaledValue('abc', 3)).toEqual({ error: 'invalid value for IntOrString: invalid type: string is not a percentage' });
  });

  it('an integer minAvailable expects every selected Pod, managed or not, without asking for a scale', () => {
    const pods = [pod('a', rs(1)), pod('b', rs(1)), pod('bare'), pod('job', { kind: 'Job', name: 'j', uid: 'j' })];
    expect(expectedPodCount(pdb({ minAvailable: 2 }), pods, scales)).toEqual({ expectedPods: 4, desiredHealthy: 2, unmanaged: [] });
  });

  it('a percent minAvailable expects the controllers’ scale, each controller counted once', () => {
    const pods = [pod('a', rs(1)), pod('b', rs(1)), pod('c', rs(2))];
    expect(expectedPodCount(pdb({ minAvailable: '50%' }), pods, scales)).toEqual({ expectedPods: 10, desiredHealthy: 5, unmanaged: [] });
    expect(expectedPodCount(pdb({ minAvailable: '25%' }), [pod('a', rs(1))], scales)).toEqual({ expectedPods: 4, desiredHealthy: 1, unmanaged: [] });
  });

  it('maxUnavailable takes its number or percentage off the scale, never below 0', () => {
    const pods = [pod('a', rs(1)), pod('c', rs(2))];
    expect(expectedPodCount(pdb({ maxUnavailable: 1 }), pods, scales)).toEqual({ expectedPods: 10, desiredHealthy: 9, unmanaged: [] });
    // 25% of 10 rounds up to 3.
    expect(expectedPodCount(pdb({ maxUnavailable: '25%' }), pods, scales)).toEqual({ expectedPods: 10, desiredHealthy: 7, unmanaged: [] });
    expect(expectedPodCount(pdb({ maxUnavailable: 20 }), pods, scales)).toEqual({ expectedPods: 10, desiredHealthy: 0, unmanaged: [] });
  });

  it('leaves unmanaged Pods out of a scale and names them', () => {
    expect(expectedPodCount(pdb({ maxUnavailable: 1 }), [pod('a', rs(1)), pod('bare')], scales)).toEqual({
      expectedPods: 4,
      desiredHealthy: 3,
      unmanaged: ['bare'],
    });
    expect(expectedPodCount(pdb({ maxUnavailable: 1 }), [pod('bare')], scales)).toEqual({ expectedPods: 0, desiredHealthy: 0, unmanaged: ['bare'] });
  });

  it('fails for a controller without a scale or one that cannot be found', () => {
    expect(expectedPodCount(pdb({ maxUnavailable: 1 }), [pod('j', { kind: 'Job', name: 'j', uid: 'j' })], scales)).toEqual({
      error: 'jobs.batch does not implement the scale subresource',
    });
    expect(expectedPodCount(pdb({ minAvailable: '50%' }), [pod('gone', { kind: 'ReplicaSet', name: 'x', uid: 'x' })], scales)).toEqual({
      error: 'found no controllers for pod "gone"',
    });
  });

  it('counts Ready Pods that are neither being deleted nor recorded as disrupted', () => {
    const deleting = { ...pod('d'), metadata: { ...pod('d').metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } } as Pod;
    const pods = [pod('a'), pod('b'), pod('c', undefined, false), deleting];
    expect(countHealthy(pods, {})).toBe(2);
    expect(countHealthy(pods, { b: '2026-01-01T00:00:00Z' })).toBe(1);
  });

  it('allows the healthy Pods above the desired ones, and nothing when no Pod is expected', () => {
    expect(disruptionsAllowed(3, 2, 3)).toBe(1);
    expect(disruptionsAllowed(2, 2, 3)).toBe(0);
    expect(disruptionsAllowed(1, 2, 3)).toBe(0);
    expect(disruptionsAllowed(2, 0, 0)).toBe(0);
  });
});
