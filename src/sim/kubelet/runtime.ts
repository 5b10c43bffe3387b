/**
 * What a kubelet remembers about the Pods on its node: per container, where it is in its
 * lifecycle, its current process, its logs and restart bookkeeping. The Pod's status is
 * computed from this (status.ts); nothing here is stored in the API.
 *
 * Container steps (the stage table in stages.ts moves between them):
 *   new -> pulling -> create -> running -> exited -> (new again after back-off) | done
 *              \-> pullFailed -> pullBackoff -> new          create -> configError -> create
 *                                                           create -> loading -> create | configError
 */
import type { KubeObject } from '../api/types.ts';
import type { ImageInfo } from './images/catalogue.ts';
import type { ImageRef } from './images/reference.ts';
import { LogBuffer } from './log-buffer.ts';
import type { ProcessHandle, ProcessIO } from './process.ts';
import type { ContainerProbes } from './probes.ts';
import type { PodVolumes } from './volumes/pod-volumes.ts';

export type ContainerStep =
  | 'new'
  | 'pulling'
  | 'pullFailed'
  | 'pullBackoff'
  | 'create'
  /** Waiting for the containers' code that loads on first use (see container-code-part.ts) before it can start. */
  | 'loading'
  | 'configError'
  | 'running'
  | 'exited'
  | 'crashBackoff'
  | 'done'
  /** Cannot proceed until the Pod is replaced (InvalidImageName, ErrImageNeverPull). */
  | 'stuck';

export interface Terminated {
  exitCode: number;
  reason: string;
  startedAt: number;
  finishedAt: number;
  containerID: string;
  signal?: number;
  message?: string;
}

export interface ContainerRuntime {
  name: string;
  init: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec: any;
  step: ContainerStep;
  /** Waiting reason/message shown while not running (ContainerCreating, CrashLoopBackOff...). */
  waiting: { reason: string; message?: string };
  running?: { startedAt: number };
  terminated?: Terminated;
  lastTerminated?: Terminated;
  /** Containers created so far; restartCount = created - 1. `terminated` is the latest exit, `lastTerminated` the one before. */
  created: number;
  containerID?: string;
  ref?: ImageRef;
  image?: ImageInfo;
  imageID?: string;
  pullError?: string;
  /** When the current pull began (for the Pulled event's duration). */
  pullStartedAt?: number;
  pullBackoffMs: number;
  crashBackoffMs: number;
  /** When the current back-off ends. */
  backoffUntil?: number;
  ready: boolean;
  started: boolean;
  proc?: ProcessHandle;
  logs: LogBuffer;
  previousLogs?: LogBuffer;
  /** The running process's IO (filesystem, env), for probes and exec. */
  io?: ProcessIO;
  /** Memory the running program holds beyond its idle size (ProcessIO.allocate). */
  allocatedBytes?: number;
  /** Set when the OOM killer ended the running container (its exit is then OOMKilled). */
  oomKilled?: boolean;
  probes?: ContainerProbes;
  /** Pending stage timer. */
  timer?: number;
  /** SIGKILL timer of a probe-triggered stop. */
  killTimer?: number;
  /** Set while the kubelet is stopping this container (deletion). */
  stopping?: boolean;
  /** Set while the container is being killed because its image changed; it then starts again at once. */
  specChanged?: boolean;
  /** An ephemeral container (`kubectl debug`): started once, never restarted, not counted for phase or readiness. */
  ephemeral?: boolean;
}

export interface PodRuntime {
  uid: string;
  namespace: string;
  name: string;
  node: string;
  ip?: string;
  hostIP: string;
  startTime: number;
  volumesReady: boolean;
  sandboxReady: boolean;
  mountFailures: number;
  /** The Pod's volumes, once set up (shared by its containers, kept across their restarts). */
  volumes?: PodVolumes;
  /** The periodic sync that refreshes ConfigMap/Secret/downwardAPI volume files. */
  volumeTimer?: number;
  containers: ContainerRuntime[];
  /** Transition times of conditions, by type, kept stable across writes. */
  conditionTimes: Map<string, { status: string; time: number }>;
  terminating: boolean;
  /** The status object the kubelet last stored (to recognise its own writes). */
  lastStatus?: unknown;
  /** JSON of `lastStatus`, to compare without serialising the stored object again. */
  lastJson?: string;
  killTimer?: number;
  timer?: number;
}

/** Fresh runtime state for a container of a Pod just admitted to the node. */
export function newContainer(spec: { name: string }, init: boolean, podHasInit = init): ContainerRuntime {
  return {
    name: spec.name,
    init,
    spec,
    step: 'new',
    // The kubelet's default waiting reason: PodInitializing for every container of a Pod with init containers.
    waiting: { reason: podHasInit ? 'PodInitializing' : 'ContainerCreating' },
    created: 0,
    pullBackoffMs: 0,
    crashBackoffMs: 0,
    ready: false,
    started: false,
    logs: new LogBuffer(),
  };
}

/** Runtime for a Pod bound to `node`; containers in spec order, init containers first. */
export function newPodRuntime(pod: KubeObject, node: string, hostIP: string, now: number): PodRuntime {
  return {
    uid: pod.metadata.uid!,
    namespace: pod.metadata.namespace!,
    name: pod.metadata.name!,
    node,
    hostIP,
    startTime: now,
    volumesReady: false,
    sandboxReady: false,
    mountFailures: 0,
    containers: [
      ...(pod.spec?.initContainers ?? []).map((c: { name: string }) => newContainer(c, true)),
      ...(pod.spec?.containers ?? []).map((c: { name: string }) => newContainer(c, false, !!pod.spec?.initContainers?.length)),
    ],
    conditionTimes: new Map(),
    terminating: false,
  };
}

/** An init container with restartPolicy Always: a sidecar that keeps running beside the app. */
export function isSidecar(c: ContainerRuntime): boolean {
  return c.init && c.spec.restartPolicy === 'Always';
}

/**
 * Whether a container that just exited is started again: app containers by the Pod's
 * restartPolicy, init containers only after a failure (never with Never), sidecars always
 * while the app containers still run. Nothing restarts in a terminating Pod.
 */
export function shouldRestart(rt: PodRuntime, c: ContainerRuntime, restartPolicy: string, exitCode: number): boolean {
  if (rt.terminating || c.ephemeral) return false;
  if (isSidecar(c)) return !rt.containers.every((x) => x.init || x.step === 'done');
  if (c.init) return exitCode !== 0 && restartPolicy !== 'Never';
  return restartPolicy === 'Always' || (restartPolicy === 'OnFailure' && exitCode !== 0);
}
