/** NoExecute taints that a user adds evict the Pods that do not tolerate them, as in Kubernetes. */
import { describe, expect, it } from 'vitest';
import { startKubelets } from '../kubelet/component.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startNodeLifecycle } from './node-lifecycle.ts';
import { kindLikeCluster, podManifest } from './test-cluster.ts';

const cluster = () => kindLikeCluster([startScheduler, startKubelets, startNodeLifecycle]);

function taint(c: ReturnType<typeof cluster>, node: string, taints: { key: string; value?: string; effect: string }[]): void {
  c.api.modify('nodes', undefined, node, (n) => {
    n.spec.taints = taints;
  });
  c.settle();
}

describe('NoExecute taints', () => {
  it('evict at once a Pod that does not tolerate them, with a TaintManagerEviction event', () => {
    const c = cluster();
    c.api.create('pods', podManifest('web', { nodeName: 'kind-worker' }));
    c.advance(5_000);
    taint(c, 'kind-worker', [{ key: 'maintenance', value: 'now', effect: 'NoExecute' }]);
    c.advance(1_000);
    expect(c.store.get('pods', 'default', 'web')?.metadata.deletionTimestamp ?? 'gone').toBeTruthy();
    const ev = c.store.list('events', 'default').find((e) => e.reason === 'TaintManagerEviction');
    expect(ev?.message).toBe('Marking for deletion Pod default/web');
  });

  it('let a Pod stay for its tolerationSeconds, and one that tolerates them for ever stay', () => {
    const c = cluster();
    const tolerating = (seconds?: number) => ({ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', ...(seconds === undefined ? {} : { tolerationSeconds: seconds }) });
    c.api.create('pods', podManifest('brief', { nodeName: 'kind-worker', tolerations: [tolerating(20)] }));
    c.api.create('pods', podManifest('stays', { nodeName: 'kind-worker', tolerations: [tolerating()] }));
    c.advance(5_000);
    taint(c, 'kind-worker', [{ key: 'maintenance', value: 'now', effect: 'NoExecute' }]);
    c.advance(19_000);
    expect(c.store.get('pods', 'default', 'brief')?.metadata.deletionTimestamp).toBeUndefined();
    c.advance(2_000);
    expect(c.store.get('pods', 'default', 'brief')?.metadata.deletionTimestamp ?? 'gone').toBeTruthy();
    c.advance(60_000);
    expect(c.store.get('pods', 'default', 'stays')?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('leave Pods alone under NoSchedule and PreferNoSchedule taints', () => {
    const c = cluster();
    c.api.create('pods', podManifest('web', { nodeName: 'kind-worker' }));
    c.advance(5_000);
    taint(c, 'kind-worker', [{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'PreferNoSchedule' }]);
    c.advance(60_000);
    expect(c.store.get('pods', 'default', 'web')?.metadata.deletionTimestamp).toBeUndefined();
  });
});
