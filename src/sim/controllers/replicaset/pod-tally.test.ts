import { describe, expect, it } from 'vitest';
import { markReady, podsOf, replicaSetManifest, workloadCluster } from '../shared/test-fixture.ts';
import { isPodActive } from '../shared/pod-conditions.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';
import { PodTally } from './pod-tally.ts';
import { countPods } from './status.ts';

const RS = 'replicasets.apps';

describe('PodTally', () => {
  it('agrees with a full count after pods change, leave, and the template labels change', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('web', 4));
    c.settle();
    const tally = new PodTally(c);
    const check = () => {
      const rs = c.api.get(RS, 'default', 'web');
      const sel = selectorFromSpec(rs.spec.selector);
      const claimed = c.store.list('pods', 'default').filter((p) => p.metadata.ownerReferences?.[0]?.uid === rs.metadata.uid && isPodActive(p) && matches(sel, p.metadata.labels));
      const full = countPods(rs, claimed, c.now());
      const t = tally.counts(rs);
      expect({ replicas: t.claimed, ready: t.claimedReady, fullyLabeled: t.claimedFullyLabeled }).toEqual({ replicas: full.replicas, ready: full.ready, fullyLabeled: full.fullyLabeled });
    };
    check();
    const [a, b] = podsOf(c);
    markReady(c, a!);
    check();
    c.api.modify('pods', 'default', b!.metadata.name!, (o) => (o.metadata.labels = { ...o.metadata.labels, extra: 'x' }));
    check();
    c.api.modify(RS, 'default', 'web', (o) => (o.spec.template.metadata.labels = { ...o.spec.template.metadata.labels, extra: 'x' }));
    check();
    expect(tally.counts(c.api.get(RS, 'default', 'web')).claimedFullyLabeled).toBe(1);
    c.api.delete('pods', 'default', a!.metadata.name!);
    check();
    expect(tally.counts(c.api.get(RS, 'default', 'web')).claimedReady).toBe(0);
  });

  it('counts controlled pods that stopped matching separately', () => {
    const c = workloadCluster();
    c.api.create(RS, replicaSetManifest('web', 1));
    c.settle();
    const tally = new PodTally(c);
    const [p] = podsOf(c);
    c.api.modify('pods', 'default', p!.metadata.name!, (o) => (o.metadata.labels = { app: 'other' }));
    expect(tally.counts(c.api.get(RS, 'default', 'web'))).toMatchObject({ claimed: 0, notMatching: 1 });
  });
});
