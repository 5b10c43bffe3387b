/**
 * Clusters for the StatefulSet, DaemonSet, Job, CronJob and volume controller tests: kind's
 * three nodes, the given controllers and the garbage collector, no scheduler and no kubelet.
 * Tests play both with the helpers below, so timings are exactly what each test sets.
 */
import type { Cluster } from '../../cluster.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { kindLikeCluster } from '../../nodes/test-cluster.ts';
import { createGarbageCollector } from '../garbage-collector/garbage-collector.ts';

/** kind's three nodes, ServiceAccount `default`, the garbage collector and `controllers`. */
export function workloadTestCluster(controllers: ((c: Cluster) => void)[], seed = 1): Cluster {
  return kindLikeCluster(
    [
      (c) => {
        c.store.put('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'default', uid: c.random.uuid() } });
        c.addController(createGarbageCollector(c));
      },
      ...controllers,
    ],
    {},
    seed,
  );
}

/** Plays the scheduler: binds the pod to `node`. */
export function bindPod(c: Cluster, pod: KubeObject, node: string): KubeObject {
  return c.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (o) => {
    o.spec.nodeName = node;
    o.status = { ...(o.status ?? {}), phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: isoTime(c.now()) }] };
  });
}

function containerStatuses(pod: KubeObject, state: Record<string, unknown>, ready: boolean, restartCount = 0) {
  return (pod.spec.containers ?? []).map((ct: { name: string; image: string }) => ({ name: ct.name, image: ct.image, ready, restartCount, started: ready, state }));
}

/** Plays the kubelet: Running and Ready since now (bound to `node` when given). */
export function runPod(c: Cluster, pod: KubeObject, node?: string): KubeObject {
  const now = isoTime(c.now());
  return c.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (o) => {
    if (node) o.spec.nodeName = node;
    o.status = {
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: now },
        { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      ],
      containerStatuses: containerStatuses(o, { running: { startedAt: now } }, true),
      startTime: now,
    };
  });
}

/** Plays the kubelet: the container restarted `restarts` times and is running again. */
export function restartPod(c: Cluster, pod: KubeObject, restarts: number): KubeObject {
  const now = isoTime(c.now());
  return c.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (o) => {
    o.status = { ...o.status, phase: 'Running', containerStatuses: containerStatuses(o, { running: { startedAt: now } }, false, restarts) };
  });
}

/** Plays the kubelet: all containers exited with `exitCode` now (Succeeded for 0, else Failed). */
export function finishPod(c: Cluster, pod: KubeObject, exitCode: number): KubeObject {
  const now = isoTime(c.now());
  return c.api.modifyStatus('pods', pod.metadata.namespace, pod.metadata.name!, (o) => {
    o.status = {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      conditions: [{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: now, reason: 'PodCompleted' }],
      containerStatuses: containerStatuses(
        o,
        { terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: o.status?.startTime ?? now, finishedAt: now } },
        false,
      ),
      startTime: o.status?.startTime ?? now,
    };
  });
}

/** Plays the kubelet: pods marked for deletion go away now. */
export function finishDeletions(c: Cluster, namespace = 'default'): void {
  for (const p of c.store.list('pods', namespace)) {
    if (p.metadata.deletionTimestamp) c.api.delete('pods', namespace, p.metadata.name!, { gracePeriodSeconds: 0 });
  }
  c.settle();
}

/** Pods in `namespace` whose name starts with `prefix`, in name order. */
export function podsNamed(c: Cluster, prefix: string, namespace = 'default'): KubeObject[] {
  return c.store.list('pods', namespace).filter((p) => p.metadata.name!.startsWith(prefix));
}

/** `reason: message` of events from `component`, in recording order. */
export function eventLines(c: Cluster, component: string, namespace = 'default'): string[] {
  return c.store
    .list('events', namespace)
    .filter((e) => (e.source as { component: string }).component === component)
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .map((e) => `${e.reason as string}: ${e.message as string}`);
}
