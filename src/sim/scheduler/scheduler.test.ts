import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { kindLikeCluster, podManifest } from '../nodes/test-cluster.ts';
import { startScheduler } from './scheduler.ts';

const TAINT = '1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';
const NOT_HELPFUL3 = 'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
const NO_VICTIMS =
  'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.';

function events(c: Cluster, pod: string) {
  return c.store.list('events', 'default').filter((e) => (e.involvedObject as { name: string }).name === pod);
}

function create(c: Cluster, name: string, spec: Record<string, unknown> = {}) {
  c.api.create('pods', podManifest(name, spec));
  c.settle();
  return c.store.get('pods', 'default', name)!;
}

function failure(c: Cluster, name: string): string {
  const ev = events(c, name).find((e) => e.reason === 'FailedScheduling');
  return ev?.message as string;
}

const big = (requests: Record<string, string>, key = 'requests') => ({
  containers: [{ name: 'c', image: 'nginx', resources: { [key]: requests } }],
});

describe('default-scheduler', () => {
  it('binds to a worker with PodScheduled True and a Scheduled event', () => {
    const c = kindLikeCluster([startScheduler]);
    const pod = create(c, 'nginx');
    expect(pod.spec.nodeName).toBe('kind-worker');
    const cond = pod.status.conditions.find((x: { type: string }) => x.type === 'PodScheduled');
    expect(cond).toMatchObject({ status: 'True', lastTransitionTime: '2026-11-30T03:00:00Z' });
    const ev = events(c, 'nginx');
    expect(ev.map((e) => [e.type, e.reason, e.message, (e.source as { component: string }).component])).toEqual([
      ['Normal', 'Scheduled', 'Successfully assigned default/nginx to kind-worker', 'default-scheduler'],
    ]);
  });

  it('spreads Pods without requests over the workers, never on the tainted control plane', () => {
    const c = kindLikeCluster([startScheduler]);
    const nodes = ['a', 'b', 'c', 'd'].map((n) => create(c, n).spec.nodeName);
    expect(nodes).toEqual(['kind-worker', 'kind-worker2', 'kind-worker', 'kind-worker2']);
  });

  it.each([
    ['nodeSelector', { nodeSelector: { disktype: 'ssd' } }, `0/3 nodes are available: ${TAINT}, 2 node(s) didn't match Pod's node affinity/selector. ${NOT_HELPFUL3}`],
    [
      'required node affinity',
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['us-east-1a'] }] }] } } } },
      `0/3 nodes are available: ${TAINT}, 2 node(s) didn't match Pod's node affinity/selector. ${NOT_HELPFUL3}`,
    ],
    ['cpu', big({ cpu: '100' }), `0/3 nodes are available: ${TAINT}, 2 Insufficient cpu. ${NO_VICTIMS}`],
    ['memory', big({ memory: '100Gi' }), `0/3 nodes are available: ${TAINT}, 2 Insufficient memory. ${NO_VICTIMS}`],
    ['gpu limit', big({ 'nvidia.com/gpu': '1' }, 'limits'), `0/3 nodes are available: ${TAINT}, 2 Insufficient nvidia.com/gpu. ${NO_VICTIMS}`],
    ['cpu and memory', big({ cpu: '20', memory: '100Gi' }), `0/3 nodes are available: ${TAINT}, 2 Insufficient cpu, 2 Insufficient memory. ${NO_VICTIMS}`],
    [
      'missing claim',
      { volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'missing-claim' } }] },
      `0/3 nodes are available: persistentvolumeclaim "missing-claim" not found. ${NOT_HELPFUL3}`,
    ],
  ])('reports %s exactly as kube-scheduler', (_label, spec, message) => {
    const c = kindLikeCluster([startScheduler]);
    const pod = create(c, 'p', spec);
    expect(pod.spec.nodeName).toBeUndefined();
    expect(failure(c, 'p')).toBe(message);
    const cond = pod.status.conditions.find((x: { type: string }) => x.type === 'PodScheduled');
    expect(cond).toMatchObject({ status: 'False', reason: 'Unschedulable', message });
    expect(pod.status.phase).toBe('Pending');
  });

  it('reports unbound immediate claims', () => {
    const c = kindLikeCluster([startScheduler]);
    c.store.put('persistentvolumeclaims', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'www', namespace: 'default' }, spec: {}, status: { phase: 'Pending' } });
    create(c, 'web-0', { volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'www' } }] });
    expect(failure(c, 'web-0')).toBe(`0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. ${NOT_HELPFUL3}`);
  });

  it('names the workers taint and the cordon', () => {
    const c = kindLikeCluster([startScheduler], {
      'kind-worker': { taints: [{ key: 'maintenance', value: 'true', effect: 'NoSchedule' }] },
      'kind-worker2': { taints: [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }] },
    });
    create(c, 'tainted');
    expect(failure(c, 'tainted')).toBe(`0/3 nodes are available: ${TAINT}, 2 node(s) had untolerated taint {maintenance: true}. ${NOT_HELPFUL3}`);
    for (const n of ['kind-worker', 'kind-worker2']) {
      c.api.modifyStatus('nodes', undefined, n, (o) => {
        delete o.spec.taints;
        o.spec.unschedulable = true;
      });
    }
    // A node change retries the pending Pod once its back-off (1 s after the first failure)
    // has passed; it now fails for another reason.
    c.advance(1000);
    const msgs = events(c, 'tainted').map((e) => e.message);
    expect(msgs).toContain(`0/3 nodes are available: ${TAINT}, 2 node(s) were unschedulable. ${NOT_HELPFUL3}`);
  });

  it('tolerations let a Pod onto the control plane; PreferNoSchedule only scores', () => {
    const c = kindLikeCluster([startScheduler], {
      'kind-worker': { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] },
      'kind-worker2': { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] },
    });
    const pod = create(c, 'cp', {
      tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
    });
    expect(pod.spec.nodeName).toBe('kind-control-plane');
    const other = create(c, 'w');
    expect(other.spec.nodeName).toBe('kind-worker');
  });

  it('counts Pods against allocatable pods (Too many pods) and retries when room frees up', () => {
    const c = kindLikeCluster([startScheduler], { 'kind-worker': { pods: '1' }, 'kind-worker2': { pods: '1' } });
    create(c, 'a');
    create(c, 'b');
    create(c, 'c');
    expect(failure(c, 'c')).toBe(`0/3 nodes are available: ${TAINT}, 2 Too many pods. ${NO_VICTIMS}`);
    c.api.delete('pods', 'default', 'a', { gracePeriodSeconds: 0 });
    c.store.remove('pods', 'default', 'a');
    c.settle();
    expect(c.store.get('pods', 'default', 'c')!.spec.nodeName).toBeUndefined();
    c.advance(1000);
    expect(c.store.get('pods', 'default', 'c')!.spec.nodeName).toBe('kind-worker');
  });

  it('does not repeat the failure on its own status write, but retries every 5 minutes', () => {
    const c = kindLikeCluster([startScheduler]);
    create(c, 'ssd', { nodeSelector: { disktype: 'ssd' } });
    const ev = () => events(c, 'ssd').find((e) => e.reason === 'FailedScheduling')!;
    expect(ev().count).toBe(1);
    c.advance(299_000);
    expect(ev().count).toBe(1);
    c.advance(2_000);
    expect(ev().count).toBe(2);
    c.api.modifyStatus('nodes', undefined, 'kind-worker2', (n) => {
      n.metadata.labels!['disktype'] = 'ssd';
    });
    // Two failures so far: the back-off is 2 s from the last one, a second from now.
    c.advance(1000);
    expect(c.store.get('pods', 'default', 'ssd')!.spec.nodeName).toBe('kind-worker2');
  });

  it('leaves Pods with a nodeName or another scheduler alone', () => {
    const c = kindLikeCluster([startScheduler]);
    expect(create(c, 'pinned', { nodeName: 'nosuchnode' }).spec.nodeName).toBe('nosuchnode');
    expect(create(c, 'other', { schedulerName: 'my-scheduler' }).spec.nodeName).toBeUndefined();
    expect(events(c, 'pinned')).toEqual([]);
    expect(events(c, 'other')).toEqual([]);
  });

  it('schedules 10,000 Pods in linear time', () => {
    const c = kindLikeCluster([startScheduler], { 'kind-worker': { pods: '6000' }, 'kind-worker2': { pods: '6000' } });
    for (let i = 0; i < 10_000; i++) c.api.create('pods', podManifest(`p${i}`));
    const t = performance.now();
    c.settle();
    expect(performance.now() - t).toBeLessThan(10_000);
    const onWorker = c.store.list('pods').filter((p) => p.spec.nodeName === 'kind-worker').length;
    expect(onWorker).toBe(5000);
  }, 60_000);
});
