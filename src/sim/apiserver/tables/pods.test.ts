import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types.ts';
import { toTable } from '../../testing/default-api.ts';

const NOW = Date.UTC(2026, 10, 30, 3, 10, 0);
const ago = (s: number): string => new Date(NOW - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function pod(status: object, spec: object = {}, meta: object = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', creationTimestamp: ago(65), ...meta },
    spec: { containers: [{ name: 'a', image: 'x' }], ...spec },
    status,
  };
}

const row = (p: KubeObject): string[] => toTable('pods', [p], NOW).rows[0]!.cells;

const running = { running: { startedAt: ago(60) } };

describe('pod table', () => {
  it('prints a pending pod', () => {
    expect(row(pod({ phase: 'Pending', qosClass: 'BestEffort' }))).toEqual(['p', '0/1', 'Pending', '0', '65s', '<none>', '<none>', '<none>', '<none>']);
  });

  it('prints a running pod with wide cells', () => {
    const p = pod(
      { phase: 'Running', podIPs: [{ ip: '10.244.1.3' }], containerStatuses: [{ name: 'a', ready: true, restartCount: 0, state: running }] },
      { nodeName: 'kind-worker' },
    );
    expect(row(p)).toEqual(['p', '1/1', 'Running', '0', '65s', '10.244.1.3', 'kind-worker', '<none>', '<none>']);
  });

  it('shows the first problem container and restarts with their age', () => {
    const p = pod(
      {
        phase: 'Running',
        containerStatuses: [
          { name: 'a', ready: false, restartCount: 3, lastState: { terminated: { finishedAt: ago(41), exitCode: 1, reason: 'Error' } }, state: { waiting: { reason: 'CrashLoopBackOff' } } },
          { name: 'b', ready: true, restartCount: 1, lastState: { terminated: { finishedAt: ago(200), exitCode: 1 } }, state: running },
        ],
      },
      { containers: [{ name: 'a' }, { name: 'b' }] },
    );
    expect(row(p).slice(1, 4)).toEqual(['1/2', 'CrashLoopBackOff', '4 (41s ago)']);
  });

  it('shows ContainerCreating, Completed, Error and exit codes', () => {
    const waiting = pod({ phase: 'Pending', containerStatuses: [{ name: 'a', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    expect(row(waiting)[2]).toBe('ContainerCreating');
    const done = pod({ phase: 'Succeeded', containerStatuses: [{ name: 'a', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }] });
    expect(row(done).slice(1, 3)).toEqual(['0/1', 'Completed']);
    const code = pod({ phase: 'Failed', containerStatuses: [{ name: 'a', ready: false, restartCount: 0, state: { terminated: { exitCode: 137 } } }] });
    expect(row(code)[2]).toBe('ExitCode:137');
    const sig = pod({ phase: 'Failed', containerStatuses: [{ name: 'a', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, signal: 9 } } }] });
    expect(row(sig)[2]).toBe('Signal:9');
  });

  it('walks init containers', () => {
    const spec = { initContainers: [{ name: 'i1' }, { name: 'i2' }] };
    const first = pod({ phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 0 } } }, { name: 'i2', state: { waiting: { reason: 'PodInitializing' } } }] }, spec);
    expect(row(first)[2]).toBe('Init:1/2');
    const crash = pod({ phase: 'Pending', initContainerStatuses: [{ name: 'i1', restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } } }] }, spec);
    expect(row(crash).slice(2, 4)).toEqual(['Init:CrashLoopBackOff', '2']);
    const failed = pod({ phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 2 } } }] }, spec);
    expect(row(failed)[2]).toBe('Init:ExitCode:2');
  });

  it('counts started sidecars as ready containers', () => {
    const p = pod(
      {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [{ name: 'side', ready: true, started: true, restartCount: 0, state: running }],
        containerStatuses: [{ name: 'a', ready: true, restartCount: 0, state: running }],
      },
      { initContainers: [{ name: 'side', restartPolicy: 'Always' }] },
    );
    expect(row(p).slice(1, 3)).toEqual(['2/2', 'Running']);
  });

  it('prints Terminating, NotReady after completion, reasons and readiness gates', () => {
    const term = pod({ phase: 'Running', containerStatuses: [{ name: 'a', ready: true, state: running }] }, {}, { deletionTimestamp: ago(0) });
    expect(row(term)[2]).toBe('Terminating');
    const evicted = pod({ phase: 'Failed', reason: 'Evicted' });
    expect(row(evicted)[2]).toBe('Evicted');
    const mixed = pod(
      { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: [{ name: 'a', ready: false, state: { terminated: { exitCode: 0, reason: 'Completed' } } }, { name: 'b', ready: true, state: running }] },
      { containers: [{ name: 'a' }, { name: 'b' }], readinessGates: [{ conditionType: 'x/y' }] },
    );
    expect(row(mixed)[2]).toBe('NotReady');
    expect(row(mixed)[8]).toBe('0/1');
    const gated = pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] });
    expect(row(gated)[2]).toBe('SchedulingGated');
  });
});
