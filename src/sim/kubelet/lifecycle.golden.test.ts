/**
 * Golden-style lifecycle checks (kwok's stage tests): create a Pod, move the clock, compare the
 * whole status the kubelet wrote. Times become `<T>` and ids `<id>`, so the golden stays the
 * same when pull durations change; transition order is asserted separately.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { kindLikeCluster, podManifest } from '../nodes/test-cluster.ts';
import { startScheduler } from '../scheduler/scheduler.ts';
import { startKubelets } from './component.ts';

function normalise(v: unknown): unknown {
  return JSON.parse(
    JSON.stringify(v)
      .replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/g, '"<T>"')
      .replace(/[0-9a-f]{64}/g, '<id>'),
  );
}

describe('pod lifecycle golden', () => {
  it('init container then app container', () => {
    const c = kindLikeCluster([startScheduler, startKubelets]);
    const m = podManifest('with-init', {}, 'nginx:1.25');
    m.spec.initContainers = [{ name: 'wait', image: 'busybox:1.36', command: ['sh', '-c', 'echo waiting; sleep 2'] }];
    c.api.create('pods', m);
    c.settle();
    const pod = () => c.store.get('pods', 'default', 'with-init')!;
    expect(normalise(pod().status)).toEqual({
      conditions: [
        { lastProbeTime: null, lastTransitionTime: '<T>', status: 'False', type: 'PodReadyToStartContainers' },
        { lastProbeTime: null, lastTransitionTime: '<T>', message: 'containers with incomplete status: [wait]', reason: 'ContainersNotInitialized', status: 'False', type: 'Initialized' },
        { lastProbeTime: null, lastTransitionTime: '<T>', message: 'containers with unready status: [with-init]', reason: 'ContainersNotReady', status: 'False', type: 'Ready' },
        { lastProbeTime: null, lastTransitionTime: '<T>', message: 'containers with unready status: [with-init]', reason: 'ContainersNotReady', status: 'False', type: 'ContainersReady' },
        { lastProbeTime: null, lastTransitionTime: '<T>', status: 'True', type: 'PodScheduled' },
      ],
      containerStatuses: [
        { image: 'nginx:1.25', imageID: '', lastState: {}, name: 'with-init', ready: false, restartCount: 0, started: false, state: { waiting: { reason: 'PodInitializing' } }, ...mounts(pod()) },
      ],
      initContainerStatuses: [
        { image: 'busybox:1.36', imageID: '', lastState: {}, name: 'wait', ready: false, restartCount: 0, started: false, state: { waiting: { reason: 'PodInitializing' } }, ...mounts(pod(), 'initContainers') },
      ],
      hostIP: '172.18.0.3',
      hostIPs: [{ ip: '172.18.0.3' }],
      phase: 'Pending',
      startTime: '<T>',
      ...(pod().status.qosClass ? { qosClass: pod().status.qosClass } : {}),
    });
    c.advance(30_000);
    const s = pod().status;
    expect(s.phase).toBe('Running');
    expect(s.podIP).toBe('10.244.1.2');
    expect(normalise(s.initContainerStatuses[0])).toMatchObject({
      containerID: 'containerd://<id>',
      image: 'docker.io/library/busybox:1.36',
      imageID: 'docker.io/library/busybox@sha256:<id>',
      ready: true,
      started: false,
      state: { terminated: { containerID: 'containerd://<id>', exitCode: 0, finishedAt: '<T>', reason: 'Completed', startedAt: '<T>' } },
    });
    expect(normalise(s.containerStatuses[0])).toMatchObject({
      image: 'docker.io/library/nginx:1.25',
      ready: true,
      started: true,
      state: { running: { startedAt: '<T>' } },
    });
    const init = s.initContainerStatuses[0].state.terminated;
    expect(Date.parse(init.finishedAt) - Date.parse(init.startedAt)).toBe(2000);
    expect(Date.parse(s.containerStatuses[0].state.running.startedAt)).toBeGreaterThanOrEqual(Date.parse(init.finishedAt));
    expect(c.nodeProxy!.logs('default', 'with-init', 'wait', {})).toBe('waiting\n');
  });
});

function mounts(pod: KubeObject, field = 'containers'): Record<string, unknown> {
  const m = (pod.spec as Record<string, { volumeMounts?: unknown[] }[]>)[field]![0]!.volumeMounts as { name: string; mountPath: string; readOnly?: boolean }[] | undefined;
  if (!m?.length) return {};
  return { volumeMounts: m.map((x) => ({ mountPath: x.mountPath, name: x.name, ...(x.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}) })) };
}
