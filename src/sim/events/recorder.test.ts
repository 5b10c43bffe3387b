import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster.ts';
import type { KubeObject } from '../api/types.ts';

const deployment: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'u-1' } };
const source = { component: 'deployment-controller' };

function messages(c: Cluster): { message: string; count: number }[] {
  return c.store.list('events', 'default').map((e) => ({ message: e.message as string, count: e.count as number }));
}

describe('EventRecorder', () => {
  it('bumps count and lastTimestamp when the same event happens again', () => {
    const c = new Cluster({ seed: 1 });
    c.events.record(deployment, 'Normal', 'ScalingReplicaSet', 'Scaled up replica set web-1 from 0 to 3', source);
    c.clock.advance(5000);
    c.events.record(deployment, 'Normal', 'ScalingReplicaSet', 'Scaled up replica set web-1 from 0 to 3', source);
    const [e] = c.store.list('events', 'default');
    expect(e!.count).toBe(2);
    expect(e!.lastTimestamp).not.toBe(e!.firstTimestamp);
  });

  it('combines the 10th and later different messages for one object and reason into one event', () => {
    const c = new Cluster({ seed: 1 });
    for (let i = 1; i <= 12; i++) {
      c.clock.advance(1000);
      c.events.record(deployment, 'Normal', 'ScalingReplicaSet', `Scaled up replica set web-${i} from 0 to 1`, source);
    }
    const got = messages(c);
    expect(got).toHaveLength(10);
    expect(got.slice(0, 9).every((e) => !e.message.startsWith('(combined'))).toBe(true);
    expect(got[9]).toEqual({ message: '(combined from similar events): Scaled up replica set web-12 from 0 to 1', count: 3 });
  });

  it('starts afresh after ten quiet minutes, and keeps reasons apart', () => {
    const c = new Cluster({ seed: 1 });
    for (let i = 1; i <= 9; i++) c.events.record(deployment, 'Normal', 'ScalingReplicaSet', `m${i}`, source);
    c.events.record(deployment, 'Normal', 'OtherReason', 'm10', source);
    c.clock.advance(601_000);
    c.events.record(deployment, 'Normal', 'ScalingReplicaSet', 'm11', source);
    expect(messages(c).some((e) => e.message.startsWith('(combined'))).toBe(false);
  });
});
