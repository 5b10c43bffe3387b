import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('policy, scheduling and certificates tables', () => {
  it('prints a PodDisruptionBudget with min available or max unavailable, N/A for the other', async () => {
    const { run } = await kindSession();
    await run('create pdb web --selector=app=web --min-available=50%');
    await run('create pdb db --selector=app=db --max-unavailable=1');
    expect((await run('get pdb')).stdout).toBe(
      'NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\n' +
        'db     N/A             1                 0                     0s\n' +
        'web    50%             N/A               0                     0s\n',
    );
  });

  it('prints PriorityClasses with value, global default and preemption policy', async () => {
    const { run } = await kindSession();
    await run('create priorityclass high --value=1000 --global-default --preemption-policy=Never');
    const out = (await run('get pc')).stdout.split('\n');
    expect(out[0]).toBe('NAME                      VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY');
    expect(out[1]).toMatch(/^high {22}1000 {9}true {13}0s {4}Never$/);
    expect(out[2]).toMatch(/^system-cluster-critical   2000000000   false {12}\S+ +PreemptLowerPriority$/);
  });
});
