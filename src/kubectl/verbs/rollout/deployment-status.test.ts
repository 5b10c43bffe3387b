import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../sim/index.ts';
import { deploymentRolloutStatus } from './deployment-status.ts';

function d(generation: number, status: Record<string, unknown>, replicas = 3): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', generation }, spec: { replicas }, status };
}

describe('deploymentRolloutStatus', () => {
  it('walks through the messages kubectl prints, in its order', () => {
    expect(deploymentRolloutStatus(d(2, { observedGeneration: 1 })).message).toBe('Waiting for deployment spec update to be observed...\n');
    expect(deploymentRolloutStatus(d(2, { observedGeneration: 2, replicas: 4, updatedReplicas: 1, availableReplicas: 3 })).message).toBe(
      'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n',
    );
    expect(deploymentRolloutStatus(d(2, { observedGeneration: 2, replicas: 4, updatedReplicas: 3, availableReplicas: 3 })).message).toBe(
      'Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...\n',
    );
    expect(deploymentRolloutStatus(d(2, { observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 2 })).message).toBe(
      'Waiting for deployment "web" rollout to finish: 2 of 3 updated replicas are available...\n',
    );
    expect(deploymentRolloutStatus(d(2, { observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 3 }))).toEqual({
      message: 'deployment "web" successfully rolled out\n',
      done: true,
      failed: false,
    });
  });

  it('fails once the progress deadline is exceeded', () => {
    const s = { observedGeneration: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] };
    expect(deploymentRolloutStatus(d(1, s))).toEqual({ message: 'deployment "web" exceeded its progress deadline', done: false, failed: true });
  });
});
