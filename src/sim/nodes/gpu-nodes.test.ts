import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { addNode } from './node-ops.ts';
import { kindLikeCluster, podManifest } from './test-cluster.ts';

const TAINT = '1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';

function gpuPod(c: Cluster, name: string, extra: Record<string, unknown> = {}) {
  c.api.create('pods', podManifest(name, { containers: [{ name, image: 'trainer', resources: { limits: { 'nvidia.com/gpu': '1' } } }], ...extra }));
  c.settle();
  return c.store.get('pods', 'default', name)!;
}

function lastFailure(c: Cluster, pod: string): string | undefined {
  const evs = c.store
    .list('events', 'default')
    .filter((e) => e.reason === 'FailedScheduling' && (e.involvedObject as { name: string }).name === pod)
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
  return evs.at(-1)?.message as string | undefined;
}

describe('machines with GPUs, labels and taints', () => {
  it('advertise extended resources in capacity and allocatable, sorted as the API returns them', () => {
    const c = kindLikeCluster();
    const n = addNode(c, 'gpu-3090', { cpu: '16', memory: '64Gi', extended: { 'nvidia.com/gpu': '1' }, labels: { 'gpu.homelab/tier': 'xlarge' } });
    expect(Object.keys(n.status.capacity)).toEqual(['cpu', 'ephemeral-storage', 'hugepages-1Gi', 'hugepages-2Mi', 'memory', 'nvidia.com/gpu', 'pods']);
    expect(n.status.allocatable).toEqual(n.status.capacity);
    expect(n.status.capacity).toMatchObject({ cpu: '16', memory: '64Gi', 'nvidia.com/gpu': '1' });
    expect(n.metadata.labels?.['gpu.homelab/tier']).toBe('xlarge');
    expect(n.metadata.labels?.['kubernetes.io/hostname']).toBe('gpu-3090');
    expect(n.spec.taints).toBeUndefined();
  });

  it('a Pod asking for a GPU waits on a cluster without one, with the real scheduler message', () => {
    const c = kindLikeCluster([startScheduler]);
    expect(gpuPod(c, 'train').spec.nodeName).toBeUndefined();
    expect(lastFailure(c, 'train')).toBe(
      `0/3 nodes are available: ${TAINT}, 2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.`,
    );
  });

  it('a GPU machine takes the waiting Pod, and each GPU serves one Pod', () => {
    const c = kindLikeCluster([startScheduler]);
    gpuPod(c, 'train');
    addNode(c, 'gpu-3090', { extended: { 'nvidia.com/gpu': '1' } });
    c.advance(10_000);
    expect(c.store.get('pods', 'default', 'train')!.spec.nodeName).toBe('gpu-3090');
    expect(gpuPod(c, 'train2').spec.nodeName).toBeUndefined();
    expect(lastFailure(c, 'train2')).toBe(
      `0/4 nodes are available: ${TAINT}, 3 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.`,
    );
  });

  it('a tainted GPU machine keeps Pods that do not tolerate the taint away', () => {
    const c = kindLikeCluster([startScheduler]);
    addNode(c, 'gpu-a', { extended: { 'nvidia.com/gpu': '2' }, taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] });
    expect(gpuPod(c, 'plain').spec.nodeName).toBeUndefined();
    // Reasons are sorted as whole strings, so `{gpu: true}` comes before `{node-role...}`.
    expect(lastFailure(c, 'plain')).toBe(
      `0/4 nodes are available: 1 node(s) had untolerated taint {gpu: true}, ${TAINT}, 2 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.`,
    );
    const tolerant = gpuPod(c, 'tolerant', { tolerations: [{ key: 'gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' }] });
    expect(tolerant.spec.nodeName).toBe('gpu-a');
  });
});
