import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { putNode } from '../../nodes/test-cluster.ts';
import { eventLines, finishDeletions, podsNamed, runPod, workloadTestCluster } from '../statefulset/workload-fixture.ts';
import { daemonSetController } from './daemonset-controller.ts';
import { podNode } from './placement.ts';

function dsManifest(extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'node-agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { name: 'node-agent' } },
      template: { metadata: { labels: { name: 'node-agent' } }, spec: { containers: [{ name: 'agent', image: 'busybox:1.36', command: ['sleep', 'infinity'] }], ...extra } },
    },
  };
}

function cluster(): Cluster {
  return workloadTestCluster([(cl) => cl.addController(daemonSetController(cl))]);
}

const placement = (c: Cluster) => podsNamed(c, 'node-agent-').filter((p) => !p.metadata.deletionTimestamp).map((p) => podNode(p)).sort();
const ds = (c: Cluster) => c.api.get('daemonsets.apps', 'default', 'node-agent');

/** Plays scheduler and kubelet for every pending daemon pod. */
function runAll(c: Cluster): void {
  for (const p of podsNamed(c, 'node-agent-')) if (!p.metadata.deletionTimestamp && p.status?.phase !== 'Running') runPod(c, p, podNode(p));
  c.settle();
}

describe('DaemonSet controller', () => {
  it('puts one pod on each node whose taints it tolerates, pinned by node affinity', () => {
    const c = cluster();
    c.api.create('daemonsets.apps', dsManifest());
    c.settle();
    expect(placement(c)).toEqual(['kind-worker', 'kind-worker2']);
    const pod = podsNamed(c, 'node-agent-')[0]!;
    expect(pod.metadata.name).toMatch(/^node-agent-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(pod.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    expect(pod.spec.nodeName).toBeUndefined();
    expect(pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0]).toMatchObject({
      key: 'metadata.name',
      operator: 'In',
    });
    expect(pod.metadata.labels!['pod-template-generation']).toBe('1');
    expect(ds(c).metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
    const hash = pod.metadata.labels!['controller-revision-hash'];
    expect(c.store.list('controllerrevisions.apps', 'default').map((r) => r.metadata.name)).toEqual([`node-agent-${hash}`]);
    expect([...eventLines(c, 'daemonset-controller')].sort()).toEqual(podsNamed(c, 'node-agent-').map((p) => `SuccessfulCreate: Created pod: ${p.metadata.name}`).sort());

    runAll(c);
    expect(ds(c).status).toEqual({
      currentNumberScheduled: 2,
      desiredNumberScheduled: 2,
      numberAvailable: 2,
      numberMisscheduled: 0,
      numberReady: 2,
      observedGeneration: 1,
      updatedNumberScheduled: 2,
    });
  });

  it('runs on the control plane when the pod tolerates its taint, and honours nodeSelector; hostNetwork adds network-unavailable', () => {
    const c = cluster();
    c.api.create('daemonsets.apps', dsManifest({ hostNetwork: true, tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }] }));
    c.settle();
    expect(placement(c)).toEqual(['kind-control-plane', 'kind-worker', 'kind-worker2']);
    const tol = podsNamed(c, 'node-agent-')[0]!.spec.tolerations;
    expect(tol[0].key).toBe('node-role.kubernetes.io/control-plane');
    expect(tol.at(-1)).toEqual({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });

    c.api.modify('daemonsets.apps', 'default', 'node-agent', (o) => (o.spec.template.spec.nodeSelector = { 'kubernetes.io/hostname': 'kind-worker' }));
    c.settle();
    finishDeletions(c);
    expect(placement(c)).toEqual(['kind-worker']);
  });

  it('follows nodes being added and removed', () => {
    const c = cluster();
    c.api.create('daemonsets.apps', dsManifest());
    c.settle();
    runAll(c);
    putNode(c, 'kind-worker3', { ip: '172.18.0.5', podCIDR: '10.244.3.0/24' });
    c.settle();
    expect(placement(c)).toEqual(['kind-worker', 'kind-worker2', 'kind-worker3']);
    expect(ds(c).status.desiredNumberScheduled).toBe(3);
    c.api.delete('nodes', undefined, 'kind-worker2');
    c.settle();
    finishDeletions(c);
    expect(placement(c)).toEqual(['kind-worker', 'kind-worker3']);
    expect(ds(c).status.desiredNumberScheduled).toBe(2);
  });

  it('rolls a template change out one node at a time (maxUnavailable 1); OnDelete waits', () => {
    const c = cluster();
    c.api.create('daemonsets.apps', dsManifest());
    c.settle();
    runAll(c);
    c.api.modify('daemonsets.apps', 'default', 'node-agent', (o) => (o.spec.template.spec.containers[0].image = 'busybox:1.37'));
    c.settle();
    expect(ds(c).metadata.annotations!['deprecated.daemonset.template.generation']).toBe('2');
    expect(podsNamed(c, 'node-agent-').filter((p) => p.metadata.deletionTimestamp)).toHaveLength(1);
    finishDeletions(c);
    runAll(c);
    finishDeletions(c);
    runAll(c);
    const images = podsNamed(c, 'node-agent-').map((p) => p.spec.containers[0].image);
    expect(images).toEqual(['busybox:1.37', 'busybox:1.37']);
    expect(podsNamed(c, 'node-agent-').map((p) => p.metadata.labels!['pod-template-generation'])).toEqual(['2', '2']);
    expect(ds(c).status.updatedNumberScheduled).toBe(2);

    c.api.modify('daemonsets.apps', 'default', 'node-agent', (o) => {
      o.spec.updateStrategy = { type: 'OnDelete' };
      o.spec.template.spec.containers[0].image = 'busybox:1.38';
    });
    c.settle();
    expect(podsNamed(c, 'node-agent-').filter((p) => p.metadata.deletionTimestamp)).toHaveLength(0);
    expect(ds(c).status.updatedNumberScheduled).toBeUndefined();
  });

  it('has no replicas field: strict decoding rejects it', () => {
    const c = cluster();
    const m = dsManifest();
    m.spec.replicas = 2;
    expect(() => c.api.create('daemonsets.apps', m)).toThrow(
      'DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"',
    );
  });
});
