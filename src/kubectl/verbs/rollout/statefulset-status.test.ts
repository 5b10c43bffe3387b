import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../sim/index.ts';
import { daemonSetRolloutStatus } from './daemonset-status.ts';
import { statefulSetRolloutStatus } from './statefulset-status.ts';

function sts(status: Record<string, unknown>, generation = 1, strategy: Record<string, unknown> = { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', generation }, spec: { replicas: 3, updateStrategy: strategy }, status };
}

describe('rollout status', () => {
  it('follows the StatefulSet viewer, partitioned branch', () => {
    expect(statefulSetRolloutStatus(sts({})).message).toBe('Waiting for statefulset spec update to be observed...\n');
    expect(statefulSetRolloutStatus(sts({ observedGeneration: 1, readyReplicas: 1, updatedReplicas: 2 })).message).toBe('Waiting for 2 pods to be ready...\n');
    expect(statefulSetRolloutStatus(sts({ observedGeneration: 2, readyReplicas: 3, updatedReplicas: 1 }, 2))).toEqual({
      message: 'Waiting for partitioned roll out to finish: 1 out of 3 new pods have been updated...\n',
      done: false,
      failed: false,
    });
    expect(statefulSetRolloutStatus(sts({ observedGeneration: 1, readyReplicas: 3, updatedReplicas: 3 }))).toEqual({
      message: 'partitioned roll out complete: 3 new pods have been updated...\n',
      done: true,
      failed: false,
    });
    expect(statefulSetRolloutStatus(sts({ observedGeneration: 1 }, 1, { type: 'OnDelete' }))).toEqual({
      message: 'rollout status is only available for RollingUpdate strategy type',
      done: false,
      failed: true,
    });
  });

  it('follows the DaemonSet viewer', () => {
    const ds = (status: Record<string, unknown>): KubeObject => ({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'x', generation: 2 },
      spec: { updateStrategy: { type: 'RollingUpdate' } },
      status: { observedGeneration: 2, desiredNumberScheduled: 3, ...status },
    });
    expect(daemonSetRolloutStatus(ds({ updatedNumberScheduled: 1 })).message).toBe('Waiting for daemon set "x" rollout to finish: 1 out of 3 new pods have been updated...\n');
    expect(daemonSetRolloutStatus(ds({ updatedNumberScheduled: 3, numberAvailable: 2 })).message).toBe('Waiting for daemon set "x" rollout to finish: 2 of 3 updated pods are available...\n');
    expect(daemonSetRolloutStatus(ds({ updatedNumberScheduled: 3, numberAvailable: 3 }))).toEqual({ message: 'daemon set "x" successfully rolled out\n', done: true, failed: false });
    expect(daemonSetRolloutStatus(ds({ observedGeneration: 1 })).message).toBe('Waiting for daemon set spec update to be observed...\n');
  });
});
