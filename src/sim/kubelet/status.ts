/**
 * Pod status from the kubelet's runtime state, as the 1.32 kubelet writes it (phase,
 * conditions in kubelet order, container statuses, IPs, startTime). Pure: the same runtime
 * and previous status give the same result.
 */
import { isoTime as formatTime, type KubeObject } from '../api/types.ts';

// Status is rebuilt on every kubelet sync; the same few timestamps come up again and again.
const isoCache = new Map<number, string>();
function isoTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  let v = isoCache.get(s);
  if (v === undefined) {
    if (isoCache.size > 4096) isoCache.clear();
    isoCache.set(s, (v = formatTime(s * 1000)));
  }
  return v;
}
import { isSidecar, type ContainerRuntime, type PodRuntime, type Terminated } from './runtime.ts';

function terminatedStatus(t: Terminated): Record<string, unknown> {
  return {
    containerID: t.containerID,
    exitCode: t.exitCode,
    finishedAt: isoTime(t.finishedAt),
    ...(t.message ? { message: t.message } : {}),
    reason: t.reason,
    ...(t.signal ? { signal: t.signal } : {}),
    startedAt: isoTime(t.startedAt),
  };
}

/**
 * A container that exited and is being started again with no error on the way (no back-off, no
 * failed pull): the kubelet keeps reporting the exited container (terminated, the restart count
 * it had) until the new one runs, as its status comes from the latest container the runtime has.
 */
function restartingWithoutError(c: ContainerRuntime): boolean {
  return c.waiting.reason === 'ContainerCreating' || c.waiting.reason === 'PodInitializing';
}

function containerStatus(c: ContainerRuntime): Record<string, unknown> {
  // `terminated` is the latest termination and `lastTerminated` the one before it.
  let state: Record<string, unknown>;
  let last: Terminated | undefined;
  if (c.step === 'running' && c.running) {
    state = { running: { startedAt: isoTime(c.running.startedAt) } };
    last = c.terminated;
  } else if (c.terminated && (c.step === 'exited' || c.step === 'done' || restartingWithoutError(c))) {
    state = { terminated: terminatedStatus(c.terminated) };
    last = c.lastTerminated;
  } else {
    state = { waiting: { ...(c.waiting.message ? { message: c.waiting.message } : {}), reason: c.waiting.reason } };
    last = c.terminated;
  }
  const mounts = (c.spec.volumeMounts ?? []).map((m: { name: string; mountPath: string; readOnly?: boolean }) => ({
    mountPath: m.mountPath,
    name: m.name,
    ...(m.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}),
  }));
  return {
    ...(c.containerID ? { containerID: c.containerID } : {}),
    // Until a container exists the kubelet reports the spec's image and no image ID.
    image: c.containerID && c.ref ? c.ref.full : c.spec.image,
    imageID: c.containerID ? (c.imageID ?? '') : '',
    lastState: last ? { terminated: terminatedStatus(last) } : {},
    name: c.name,
    ready: c.ready,
    restartCount: Math.max(0, c.created - 1),
    started: c.started,
    state,
    ...(mounts.length ? { volumeMounts: mounts } : {}),
  };
}

/** True when the container has finished for good (no restart will follow). */
function finished(c: ContainerRuntime): boolean {
  return c.step === 'done';
}

/** The kubelet's getPhase over app containers (init containers gate Pending). */
export function podPhase(rt: PodRuntime, restartPolicy: string): string {
  const inits = rt.containers.filter((c) => c.init && !isSidecar(c));
  const apps = rt.containers.filter((c) => !c.init && !c.ephemeral);
  if (inits.some((c) => c.step === 'done' && c.terminated && c.terminated.exitCode !== 0)) return 'Failed';
  if (!inits.every((c) => c.step === 'done' && c.terminated?.exitCode === 0)) return 'Pending';
  if (rt.containers.some((c) => isSidecar(c) && c.created === 0)) return 'Pending';
  let running = 0, waiting = 0, stopped = 0, succeeded = 0;
  for (const c of apps) {
    if (c.step === 'running') running++;
    else if (c.terminated) {
      stopped++;
      if (finished(c) && c.terminated?.exitCode === 0) succeeded++;
    } else waiting++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (apps.some((c) => !finished(c))) return 'Running';
  if (stopped === succeeded) return 'Succeeded';
  if (restartPolicy === 'Always') return 'Running';
  return 'Failed';
}

type Cond = { type: string; status: 'True' | 'False'; reason?: string; message?: string };

function conditions(rt: PodRuntime, phase: string): Cond[] {
  const inits = rt.containers.filter((c) => c.init);
  const apps = rt.containers.filter((c) => !c.init && !c.ephemeral);
  const terminal = phase === 'Succeeded' || phase === 'Failed';
  const incomplete = inits
    .filter((c) => (isSidecar(c) ? !(c.created > 0 && c.started) : !(c.step === 'done' && c.terminated?.exitCode === 0)))
    .map((c) => c.name);
  // Sidecars count towards readiness like app containers.
  const unready = [...inits.filter((c) => isSidecar(c)), ...apps].filter((c) => !c.ready).map((c) => c.name);
  const notReady = (): Cond =>
    terminal
      ? { type: '', status: 'False', reason: 'PodCompleted' }
      : { type: '', status: 'False', reason: 'ContainersNotReady', message: `containers with unready status: [${unready.join(' ')}]` };
  const ready: Cond = unready.length || terminal ? notReady() : { type: '', status: 'True' };
  return [
    { type: 'PodReadyToStartContainers', status: rt.sandboxReady && !terminal ? 'True' : 'False' },
    incomplete.length && !(terminal && phase === 'Succeeded')
      ? {
          type: 'Initialized',
          status: 'False',
          reason: 'ContainersNotInitialized',
          message: `containers with incomplete status: [${incomplete.join(' ')}]`,
        }
      : { type: 'Initialized', status: 'True', ...(terminal && inits.length ? { reason: 'PodCompleted' } : {}) },
    { ...ready, type: 'Ready' },
    { ...ready, type: 'ContainersReady' },
  ];
}

/**
 * The status the kubelet writes for `pod` given its runtime. Keeps PodScheduled and other
 * conditions it does not own, qosClass, and the transition times of unchanged conditions.
 */
export function buildPodStatus(pod: KubeObject, rt: PodRuntime, now: number): Record<string, unknown> {
  const prev = pod.status ?? {};
  const phase = podPhase(rt, pod.spec?.restartPolicy ?? 'Always');
  const owned = conditions(rt, phase);
  const ownedTypes = new Set(owned.map((c) => c.type));
  const out: Record<string, unknown>[] = [];
  for (const c of owned) {
    const seen = rt.conditionTimes.get(c.type);
    if (!seen || seen.status !== c.status) rt.conditionTimes.set(c.type, { status: c.status, time: now });
    out.push({
      lastProbeTime: null,
      lastTransitionTime: isoTime(rt.conditionTimes.get(c.type)!.time),
      ...(c.message ? { message: c.message } : {}),
      ...(c.reason ? { reason: c.reason } : {}),
      status: c.status,
      type: c.type,
    });
  }
  for (const c of prev.conditions ?? []) if (!ownedTypes.has(c.type)) out.push(c);
  const inits = rt.containers.filter((c) => c.init);
  const ip = rt.ip;
  return {
    ...prev,
    conditions: out,
    containerStatuses: rt.containers.filter((c) => !c.init && !c.ephemeral).map(containerStatus),
    ...(rt.containers.some((c) => c.ephemeral) ? { ephemeralContainerStatuses: rt.containers.filter((c) => c.ephemeral).map(containerStatus) } : {}),
    ...(inits.length ? { initContainerStatuses: inits.map(containerStatus) } : {}),
    hostIP: rt.hostIP,
    hostIPs: [{ ip: rt.hostIP }],
    phase,
    ...(ip ? { podIP: ip, podIPs: [{ ip }] } : {}),
    startTime: isoTime(rt.startTime),
  };
}
