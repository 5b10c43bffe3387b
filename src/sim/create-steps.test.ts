import { describe, expect, it } from 'vitest';
import { createCluster, createClusterSteps, presetNames, type Cluster } from './index.ts';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
  },
};

/** Runs the steps to the end, counting the pauses. */
function drain(steps: Generator<void, Cluster, void>): { cluster: Cluster; pauses: number } {
  let pauses = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { cluster: r.value, pauses };
    pauses++;
  }
}

describe('createClusterSteps', () => {
  it.each(presetNames())('builds the same cluster as createCluster (preset %s), pausing along the way', (preset) => {
    const whole = createCluster({ seed: 11, preset });
    const { cluster: stepped, pauses } = drain(createClusterSteps({ seed: 11, preset }));
    expect(stepped.snapshot()).toEqual(whole.snapshot());
    expect(stepped.installed).toEqual(whole.installed);
    // One pause per installer part and the preset at least, and more while settling.
    expect(pauses).toBeGreaterThan(whole.installed.length + 1);
    expect(stepped.clock.nextDue()).toBe(whole.clock.nextDue());
    // And it goes on the same way: names, IPs and times come from the same random draws.
    for (const c of [whole, stepped]) {
      c.api.create('deployments.apps', deployment);
      c.advance(30_000);
    }
    expect(stepped.snapshot()).toEqual(whole.snapshot());
  });

  it('refuses an unknown preset as createCluster does', () => {
    expect(() => drain(createClusterSteps({ preset: 'nope' }))).toThrow(/unknown preset "nope"/);
  });

  it('fires due timers one at a time without moving time', () => {
    const c = createCluster({ seed: 1 });
    const t = c.now();
    const fired: number[] = [];
    c.clock.setTimeout(() => fired.push(1), 0);
    c.clock.setTimeout(() => fired.push(2), 0);
    c.clock.setTimeout(() => fired.push(3), 1000);
    expect(c.clock.fireOneDue()).toBe(true);
    expect(fired).toEqual([1]);
    expect(c.clock.fireOneDue()).toBe(true);
    expect(c.clock.fireOneDue()).toBe(false);
    expect(fired).toEqual([1, 2]);
    expect(c.now()).toBe(t);
  });
});
