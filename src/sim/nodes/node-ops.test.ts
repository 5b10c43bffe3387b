import { describe, expect, it } from 'vitest';
import { startKubelets } from '../kubelet/component.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startNodeLifecycle } from './node-lifecycle.ts';
import { addNode, removeNode, startNode, stopNode } from './node-ops.ts';
import { kindLikeCluster, podManifest } from './test-cluster.ts';

const cluster = () => kindLikeCluster([startScheduler, startKubelets, startNodeLifecycle]);

describe('node operations', () => {
  it('adds a Ready worker with the next address and a RegisteredNode event', () => {
    const c = cluster();
    const n = addNode(c, 'kind-worker3');
    expect(n.spec.podCIDR).toBe('10.244.3.0/24');
    expect(n.status.addresses[0].address).toBe('172.18.0.5');
    const ev = c.store.list('events', 'default').find((e) => e.reason === 'RegisteredNode');
    expect(ev?.message).toBe('Node kind-worker3 event: Registered Node kind-worker3 in Controller');
    c.api.create('pods', podManifest('p', { nodeName: 'kind-worker3' }));
    c.advance(10_000);
    expect(c.store.get('pods', 'default', 'p')!.status.podIP).toBe('10.244.3.2');
  });

  it('stopped node: NotReady after 50s, eviction after 300s, Terminating until the node returns', () => {
    const c = cluster();
    c.api.create('pods', podManifest('web', { nodeName: 'kind-worker' }));
    c.advance(10_000);
    stopNode(c, 'kind-worker');
    c.advance(49_000);
    expect(c.store.get('nodes', '', 'kind-worker')!.spec.taints).toBeUndefined();
    c.advance(2_000);
    const node = c.store.get('nodes', '', 'kind-worker')!;
    expect(node.status.conditions.find((x: { type: string }) => x.type === 'Ready')).toMatchObject({
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
    });
    expect(node.spec.taints.map((t: { key: string; effect: string }) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/unreachable:NoSchedule',
      'node.kubernetes.io/unreachable:NoExecute',
    ]);
    const ready = c.store.get('pods', 'default', 'web')!.status.conditions.find((x: { type: string }) => x.type === 'Ready');
    expect(ready.status).toBe('False');
    c.advance(298_000);
    expect(c.store.get('pods', 'default', 'web')!.metadata.deletionTimestamp).toBeUndefined();
    c.advance(2_000);
    const web = c.store.get('pods', 'default', 'web')!;
    expect(web.metadata.deletionTimestamp).toBeDefined();
    const ev = c.store.list('events', 'default').find((e) => e.reason === 'TaintManagerEviction');
    expect(ev?.message).toBe('Marking for deletion Pod default/web');
    c.advance(120_000);
    expect(c.store.get('pods', 'default', 'web')).toBeDefined();
    startNode(c, 'kind-worker');
    c.advance(5_000);
    expect(c.store.get('pods', 'default', 'web')).toBeUndefined();
    expect(c.store.get('nodes', '', 'kind-worker')!.spec.taints).toBeUndefined();
  });

  it('removing a node removes its Pods', () => {
    const c = cluster();
    c.api.create('pods', podManifest('web', { nodeName: 'kind-worker2' }));
    c.advance(10_000);
    removeNode(c, 'kind-worker2');
    c.advance(1_000);
    expect(c.store.get('pods', 'default', 'web')).toBeUndefined();
  });
});

describe('node heartbeats', () => {
  it('renew the Lease every 10 s while the kubelet runs, and stop when it stops', async () => {
    const { startNodeHeartbeats } = await import('./node-heartbeat.ts');
    const c = kindLikeCluster([startNodeLifecycle, startNodeHeartbeats]);
    c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-node-lease' } });
    c.advance(10_000);
    const renew = () => c.store.get('leases.coordination.k8s.io', 'kube-node-lease', 'kind-worker')!.spec.renewTime;
    expect(renew()).toBe('2026-11-30T03:00:10.000000Z');
    c.advance(10_000);
    expect(renew()).toBe('2026-11-30T03:00:20.000000Z');
    stopNode(c, 'kind-worker');
    c.advance(30_000);
    expect(renew()).toBe('2026-11-30T03:00:20.000000Z');
    startNode(c, 'kind-worker');
    expect(renew()).toBe('2026-11-30T03:00:50.000000Z');
  });
});
