/**
 * Pods a preset wrote as already running (kube-system, or a restored snapshot) are adopted
 * as they are: the kubelet takes over their containers without pulling or restarting them,
 * so their status, IPs and ages stay what the preset set. The runtime returned has each
 * running container at step `running` without a process; the kubelet then resumes the
 * process (kubelet.ts `resumeAdopted`) so that stopping, logs and exec work as for any Pod.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { newPodRuntime, type PodRuntime } from './runtime.ts';
import type { LogBuffer } from './log-buffer.ts';
import type { ProcessIO, ProgramGen } from './process.ts';
import { parseImageRef } from './images/reference.ts';

/** A runtime mirroring a Running Pod's status, or undefined when the Pod is not running yet. */
export function adoptRunningPod(pod: KubeObject, node: string, hostIP: string, cluster: Cluster): PodRuntime | undefined {
  const statuses: KubeObject['status'][] = pod.status?.containerStatuses ?? [];
  if (pod.status?.phase !== 'Running' || !statuses.length || !statuses.every((s) => s.state?.running)) return undefined;
  const rt = newPodRuntime(pod, node, pod.status.hostIP ?? hostIP, Date.parse(pod.status.startTime ?? '') || cluster.now());
  rt.ip = pod.status.podIP;
  rt.volumesReady = true;
  rt.sandboxReady = true;
  for (const cond of pod.status.conditions ?? []) {
    rt.conditionTimes.set(cond.type, { status: cond.status, time: Date.parse(cond.lastTransitionTime) || cluster.now() });
  }
  for (const c of rt.containers) {
    const s = statuses.find((x) => x.name === c.name);
    if (c.init) {
      const t = (pod.status.initContainerStatuses ?? []).find((x: { name: string }) => x.name === c.name)?.state?.terminated;
      c.step = 'done';
      c.created = 1;
      c.terminated = { exitCode: 0, reason: 'Completed', startedAt: Date.parse(t?.startedAt ?? '') || 0, finishedAt: Date.parse(t?.finishedAt ?? '') || 0, containerID: t?.containerID ?? '' };
      continue;
    }
    if (!s) continue;
    const ref = parseImageRef(c.spec.image);
    if (!('error' in ref)) c.ref = ref;
    c.step = 'running';
    c.running = { startedAt: Date.parse(s.state.running.startedAt) || cluster.now() };
    c.containerID = s.containerID;
    c.imageID = s.imageID;
    c.created = (s.restartCount ?? 0) + 1;
    c.ready = s.ready ?? true;
    c.started = true;
  }
  return rt;
}

/** What an adopted container runs when its image has no program for its command: waits, stops on SIGTERM. */
export function* idleProgram(io: ProcessIO): ProgramGen {
  io.onTerm = function* () {
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** Lines an adopted container writes while starting are dated at its recorded start. */
export function backdateStartup(io: ProcessIO, logs: LogBuffer, cluster: Cluster, startedAt: number): void {
  let booting = true;
  cluster.clock.setTimeout(() => (booting = false), 1);
  io.now = () => (booting ? startedAt : cluster.now());
  io.out = (t) => logs.write('stdout', t, io.now());
  io.err = (t) => logs.write('stderr', t, io.now());
}
