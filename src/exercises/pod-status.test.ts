import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../sim/index.ts';
import { podDisplayStatus, podReadyCount, podRestarts } from './pod-status.ts';

function pod(status: Record<string, unknown>, extra: { containers?: number; deleting?: boolean } = {}): KubeObject {
  const containers = Array.from({ length: extra.containers ?? 1 }, (_, i) => ({ name: `c${i}`, image: 'busybox' }));
  // A Pod's spec lists an init container for every init container status it reports.
  const inits = Array.isArray(status.initContainerStatuses) ? status.initContainerStatuses.length : 0;
  const initContainers = Array.from({ length: inits }, (_, i) => ({ name: `i${i}`, image: 'busybox' }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', ...(extra.deleting ? { deletionTimestamp: '2026-11-30T03:00:00Z' } : {}) },
    spec: { containers, ...(inits ? { initContainers } : {}) },
    status,
  };
}

const waiting = (reason: string) => ({ state: { waiting: { reason } } });
const terminated = (t: Record<string, unknown>) => ({ state: { terminated: t } });
const runningReady = { ready: true, state: { running: {} } };

describe('podDisplayStatus', () => {
  it('starts from the phase, or the status reason', () => {
    expect(podDisplayStatus(pod({}))).toBe('Pending');
    expect(podDisplayStatus(pod({ phase: 'Running' }))).toBe('Running');
    expect(podDisplayStatus(pod({ phase: 'Failed', reason: 'Evicted' }))).toBe('Evicted');
  });

  it('lets the first troubled container win', () => {
    const s = { phase: 'Running', containerStatuses: [waiting('CrashLoopBackOff'), waiting('ErrImagePull')] };
    expect(podDisplayStatus(pod(s, { containers: 2 }))).toBe('CrashLoopBackOff');
    expect(podDisplayStatus(pod({ phase: 'Failed', containerStatuses: [terminated({ reason: 'Error', exitCode: 1 })] }))).toBe('Error');
    expect(podDisplayStatus(pod({ phase: 'Failed', containerStatuses: [terminated({ exitCode: 3 })] }))).toBe('ExitCode:3');
    expect(podDisplayStatus(pod({ phase: 'Failed', containerStatuses: [terminated({ signal: 9 })] }))).toBe('Signal:9');
  });

  it('shows Running for a Completed container beside a ready one', () => {
    const s = { phase: 'Running', containerStatuses: [runningReady, terminated({ reason: 'Completed', exitCode: 0 })] };
    expect(podDisplayStatus(pod({ ...s, conditions: [{ type: 'Ready', status: 'True' }] }, { containers: 2 }))).toBe('Running');
    expect(podDisplayStatus(pod({ ...s, conditions: [{ type: 'Ready', status: 'False' }] }, { containers: 2 }))).toBe('NotReady');
  });

  it('reports init containers first', () => {
    expect(podDisplayStatus(pod({ phase: 'Pending', initContainerStatuses: [waiting('PodInitializing')] }))).toBe('Init:0/1');
    expect(podDisplayStatus(pod({ phase: 'Pending', initContainerStatuses: [terminated({ exitCode: 0 }), waiting('ErrImagePull')] }))).toBe('Init:ErrImagePull');
  });

  it('shows Terminating while a deletion is pending, unless the Pod has finished', () => {
    expect(podDisplayStatus(pod({ phase: 'Running', containerStatuses: [runningReady] }, { deleting: true }))).toBe('Terminating');
    expect(podDisplayStatus(pod({ phase: 'Succeeded', containerStatuses: [terminated({ reason: 'Completed', exitCode: 0 })] }, { deleting: true }))).toBe('Completed');
  });
});

describe('podReadyCount and podRestarts', () => {
  it('count ready running containers against the spec, and sum restarts', () => {
    const p = pod({ containerStatuses: [{ ...runningReady, restartCount: 2 }, { ready: false, restartCount: 1, state: { running: {} } }] }, { containers: 2 });
    expect(podReadyCount(p)).toEqual([1, 2]);
    expect(podRestarts(p)).toBe(3);
  });
});
