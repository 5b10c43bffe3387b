import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster.ts';
import type { KubeObject } from '../api/types.ts';
import { EVENT_TTL_MS, startEventTtl } from './event-ttl.ts';

const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', uid: 'u-1' } };
const source = { component: 'kubelet' };
const MIN = 60_000;

describe('event TTL', () => {
  it('deletes an Event an hour after its last write, and a repeat renews it', () => {
    const c = new Cluster({ seed: 1 });
    startEventTtl(c);
    c.events.record(pod, 'Normal', 'Pulled', 'once', source);
    c.events.record(pod, 'Warning', 'BackOff', 'again and again', source);
    c.clock.advance(30 * MIN);
    c.events.record(pod, 'Warning', 'BackOff', 'again and again', source);
    c.clock.advance(30 * MIN - 1);
    expect(c.store.list('events').map((e) => e.reason)).toEqual(expect.arrayContaining(['Pulled', 'BackOff']));
    c.clock.advance(1);
    expect(c.store.list('events').map((e) => e.reason)).toEqual(['BackOff']);
    c.clock.advance(30 * MIN);
    expect(c.store.list('events')).toEqual([]);
  });

  it('keeps an hour of a busy cluster, not a week', () => {
    const c = new Cluster({ seed: 1 });
    startEventTtl(c);
    for (let i = 0; i < 7 * 24 * 60; i++) {
      c.events.record({ ...pod, metadata: { ...pod.metadata, name: `job-${i}`, uid: `u-${i}` } }, 'Normal', 'Started', 'Started container', source);
      c.clock.advance(MIN);
    }
    const left = c.store.count('events');
    expect(left).toBeLessThanOrEqual(EVENT_TTL_MS / MIN + 1);
    expect(left).toBeGreaterThanOrEqual(EVENT_TTL_MS / MIN - 1);
  });

  it('expires Events restored from a snapshot by their own timestamps', () => {
    const a = new Cluster({ seed: 1 });
    a.events.record(pod, 'Normal', 'Pulled', 'old', source);
    a.clock.advance(50 * MIN);
    a.events.record(pod, 'Normal', 'Started', 'recent', source);
    const snap = a.store.snapshot();
    const b = new Cluster({ seed: 1 });
    b.clock.advance(50 * MIN);
    b.store.restore(snap);
    startEventTtl(b);
    b.clock.advance(10 * MIN);
    expect(b.store.list('events').map((e) => e.reason)).toEqual(['Started']);
  });
});
