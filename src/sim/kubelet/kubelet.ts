/**
 * One kubelet per node: admits the Pods bound to its node, drives each container through the
 * stage table (stages.ts), runs container processes, writes Pod status, and carries out
 * graceful deletion. State lives in memory (runtime.ts); the API only sees status.
 *
 * Pod lifecycle on a node:
 *   admitted (status: Pending, ContainerCreating) -> volumes mounted (FailedMount retried while a
 *   ConfigMap/Secret is missing) -> sandbox (Pod IP from the node's podCIDR) -> init containers
 *   one by one -> app containers (image pulls serialized, as the kubelet's default) -> running;
 *   deletionTimestamp -> Killing + SIGTERM, SIGKILL when the grace period ends -> Pod removed.
 */
import type { KubeObject, WatchEvent } from '../api/types.ts';
import { parseQuantity, quantityValue } from '../api/quantity.ts';
import type { Cluster } from '../cluster.ts';
import { keyOf, splitKey, type Controller } from '../runtime/controller.ts';
import { expandRefs, resolveEnv } from './config.ts';
import { imageEnv } from './images/image-env.ts';
import { PodVolumes, type VolumeContext } from './volumes/pod-volumes.ts';
import type { ImageInfo, RunContext } from './images/catalogue.ts';
import { adoptRunningPod, backdateStartup, idleProgram } from './adopt.ts';
import { containerArgv, mayNeedContainerCode, startErrorMessage } from './programs.ts';
import { containerCode, loadContainerCode, type ContainerCode } from './container-code-part.ts';
import { spawn, type ProcessIO, type ProgramGen } from './process.ts';
import { pullImage } from './images/catalogue.ts';
import { newContainer, newPodRuntime, type ContainerRuntime, type PodRuntime } from './runtime.ts';
import { stageFor, type StageContext } from './stages.ts';
import { buildPodStatus } from './status.ts';
import { isSidecar, shouldRestart } from './runtime.ts';
import { containerIO } from './container-io.ts';
import { hasExecutable } from './exec.ts';
import { LogBuffer } from './log-buffer.ts';
import { terminationMessage } from './termination-message.ts';
import { nodeAgents } from '../nodes/node-agents.ts';
import { nodeInternalIP } from '../nodes/node-template.ts';
import { IpPool } from './ip-pool.ts';
import { ContainerProbes } from './probes.ts';
import { runAsNonRootError } from './identity.ts';

const SANDBOX_MS: [number, number] = [400, 900];
const MOUNT_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 122_000];
/**
 * The pod worker's resync (kubelet --sync-frequency 1m, jittered by up to 50%): when ConfigMap,
 * Secret and downwardAPI volume files catch up with their sources. With the default Watch
 * change detection the kubelet's copy of the object is current, so this is the whole delay.
 */
const VOLUME_RESYNC_MS = 60_000;

export class Kubelet implements Controller {
  readonly name: string;
  readonly node: string;
  readonly watches;
  private cluster: Cluster;
  private pods = new Map<string, PodRuntime>();
  private images = new Map<string, ImageInfo>();
  private ips: IpPool | undefined;

  constructor(cluster: Cluster, node: string) {
    this.cluster = cluster;
    this.node = node;
    this.name = `kubelet-${node}`;
    this.watches = [
      {
        resource: 'pods',
        // Routed by the manager: only Pods bound to this node get here (nodeName never changes once set).
        nodeName: node,
        keys: (e: WatchEvent) => [keyOf(e.object)],
      },
    ];
  }

  initialKeys(): string[] {
    return this.cluster.store
      .list('pods')
      .filter((p) => p.spec?.nodeName === this.node)
      .map((p) => keyOf(p));
  }

  /** The runtime of a Pod on this node (for logs), if the kubelet has admitted it. */
  runtime(namespace: string, name: string): PodRuntime | undefined {
    return this.pods.get(`${namespace}/${name}`);
  }

  /** The runtimes of every Pod this kubelet has admitted. */
  runtimes(): IterableIterator<PodRuntime> {
    return this.pods.values();
  }

  /** The running Pod with this IP on this node, if any. */
  runtimeByIP(ip: string): PodRuntime | undefined {
    for (const rt of this.pods.values()) if (rt.ip === ip && rt.sandboxReady) return rt;
    return undefined;
  }

  /** Whether this node's kubelet is up (node operations can stop it). */
  running(): boolean {
    return nodeAgents(this.cluster).running(this.node);
  }

  reconcile(key: string): void {
    const { namespace, name } = splitKey(key);
    const pod = this.cluster.store.get('pods', namespace ?? '', name);
    let rt = this.pods.get(key);
    if (rt && (!pod || pod.metadata.uid !== rt.uid || pod.spec?.nodeName !== this.node)) {
      this.teardown(key, rt);
      rt = undefined;
    }
    if (!pod || pod.spec?.nodeName !== this.node || !this.running()) return;
    const node = this.cluster.store.get('nodes', '', this.node);
    if (!node) return;
    if (!rt) {
      if (pod.metadata.deletionTimestamp && ['Succeeded', 'Failed'].includes(pod.status?.phase)) {
        this.removeFromApi(pod);
        return;
      }
      rt = adoptRunningPod(pod, this.node, nodeInternalIP(node) ?? '', this.cluster) ?? newPodRuntime(pod, this.node, nodeInternalIP(node) ?? '', this.cluster.now());
      if (rt.ip) this.pool(node).reserve(rt.ip);
      this.pods.set(key, rt);
      this.resumeAdopted(rt);
    } else if (pod.status === rt.lastStatus && !pod.metadata.deletionTimestamp) {
      // Our own status write coming back: nothing changed that timers are not already handling.
      return;
    }
    this.sync(rt);
  }

  /** Drives a Pod one step: deletion, volumes, sandbox, containers; then writes status. */
  sync(rt: PodRuntime): void {
    if (!this.running()) return;
    const pod = this.current(rt);
    if (!pod) return;
    if (pod.metadata.deletionTimestamp) {
      this.terminate(rt, pod);
      return;
    }
    this.applyImageChanges(rt, pod);
    this.addEphemeralContainers(rt, pod);
    if (!rt.volumesReady) this.mountVolumes(rt, pod);
    else if (!rt.sandboxReady) this.createSandbox(rt, pod);
    else this.driveContainers(rt);
    this.writeStatus(rt);
  }

  /**
   * A container whose image was changed in the Pod (`kubectl set image pod/x`, the one
   * container field a Pod may change) is killed and started again from its new image,
   * whatever the restart policy: computePodActions' "definition changed, will be restarted".
   */
  private applyImageChanges(rt: PodRuntime, pod: KubeObject): void {
    const specs = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])] as { name: string; image?: string }[];
    for (const c of rt.containers) {
      const spec = specs.find((x) => x.name === c.name);
      if (!spec || spec.image === c.spec.image) continue;
      c.spec = spec;
      if (!c.proc || c.proc.exited || c.init) continue;
      c.specChanged = true;
      this.containerEvent(rt, c, 'Normal', 'Killing', `Container ${c.name} definition changed, will be restarted`);
      c.probes?.stop();
      this.stopContainer(rt, c, pod.spec?.terminationGracePeriodSeconds ?? 30);
    }
  }

  /** Ephemeral containers added to the Pod (`kubectl debug`) join the runtime, to be started once. */
  private addEphemeralContainers(rt: PodRuntime, pod: KubeObject): void {
    for (const spec of (pod.spec?.ephemeralContainers ?? []) as { name: string }[]) {
      if (rt.containers.some((c) => c.ephemeral && c.name === spec.name)) continue;
      rt.containers.push({ ...newContainer(spec, false), ephemeral: true });
    }
  }

  private current(rt: PodRuntime): KubeObject | undefined {
    const pod = this.cluster.store.get('pods', rt.namespace, rt.name);
    return pod && pod.metadata.uid === rt.uid ? pod : undefined;
  }

  private later(rt: PodRuntime, ms: number, fn: () => void): void {
    if (rt.timer !== undefined) return;
    rt.timer = this.cluster.clock.setTimeout(() => {
      rt.timer = undefined;
      if (!this.running() || !this.current(rt)) return;
      fn();
      this.sync(rt);
    }, ms);
  }

  private volumeContext(): VolumeContext {
    const node = this.cluster.store.get('nodes', '', this.node);
    return { store: this.cluster.store, owner: this.cluster, node: this.node, now: this.cluster.now(), allocatable: node?.status?.allocatable ?? {} };
  }

  private mountVolumes(rt: PodRuntime, pod: KubeObject): void {
    rt.volumes ??= new PodVolumes();
    const problems = rt.volumes.setUp(this.volumeContext(), pod);
    if (!problems.length) {
      rt.volumesReady = true;
      this.scheduleVolumeResync(rt, pod);
      this.createSandbox(rt, pod);
      return;
    }
    if (rt.timer !== undefined) return;
    for (const problem of problems) this.cluster.events.record(pod, 'Warning', 'FailedMount', problem, { component: 'kubelet', host: this.node });
    const delay = MOUNT_RETRY_MS[Math.min(rt.mountFailures++, MOUNT_RETRY_MS.length - 1)]!;
    this.later(rt, delay, () => undefined);
  }

  /** Refreshes the Pod's ConfigMap/Secret/downwardAPI files at each periodic sync while it lives. */
  private scheduleVolumeResync(rt: PodRuntime, pod: KubeObject): void {
    if (rt.volumeTimer !== undefined || !PodVolumes.needsRefresh(pod)) return;
    const delay = VOLUME_RESYNC_MS + this.jitter(rt, VOLUME_RESYNC_MS / 2);
    rt.volumeTimer = this.cluster.clock.setTimeout(() => {
      rt.volumeTimer = undefined;
      const current = this.current(rt);
      if (!current || rt.terminating) return;
      if (this.running()) rt.volumes?.refresh(this.volumeContext(), current);
      this.scheduleVolumeResync(rt, current);
    }, delay);
  }

  /** A jitter in [0, max) derived from the Pod and the time, leaving the cluster's random stream alone. */
  private jitter(rt: PodRuntime, max: number): number {
    let h = 0x811c9dc5;
    const seed = `${rt.uid}@${this.cluster.now()}`;
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
    return (h >>> 0) % max;
  }

  private createSandbox(rt: PodRuntime, pod: KubeObject): void {
    this.later(rt, this.cluster.random.int(...SANDBOX_MS), () => {
      const node = this.cluster.store.get('nodes', '', this.node);
      rt.ip = pod.spec?.hostNetwork ? rt.hostIP : node ? this.pool(node).allocate() : undefined;
      rt.sandboxReady = true;
    });
  }

  private pool(node: KubeObject): IpPool {
    this.ips ??= new IpPool(node.spec?.podCIDR ?? '10.244.0.0/24');
    return this.ips;
  }

  private driveContainers(rt: PodRuntime): void {
    for (const c of rt.containers.filter((x) => x.init)) {
      if (c.step === 'done' && c.terminated?.exitCode === 0) continue;
      if (c.step !== 'done') this.drive(rt, c);
      // A sidecar (init container with restartPolicy Always) lets the next one start once it has started.
      if (isSidecar(c) && (c.created > 1 || c.started)) continue;
      return;
    }
    const apps = rt.containers.filter((x) => !x.init && !x.ephemeral);
    // Ephemeral containers start as soon as they are added, beside the others.
    for (const c of rt.containers) if (c.ephemeral) this.drive(rt, c);
    if (apps.every((x) => x.step === 'done')) {
      // Main containers finished for good: sidecars are stopped so the Pod can complete.
      for (const c of rt.containers) if (isSidecar(c) && c.proc && !c.proc.exited) this.stopContainer(rt, c, 30);
    }
    let pulling = false;
    for (const c of apps) {
      // Image pulls are serialized: a container starts pulling once the ones before it have pulled.
      if (pulling && (c.step === 'new' || c.step === 'pulling')) break;
      this.drive(rt, c);
      if (c.step === 'new' || c.step === 'pulling') pulling = true;
    }
  }

  private drive(rt: PodRuntime, c: ContainerRuntime): void {
    if (c.timer !== undefined) return;
    const ctx = this.stageContext(rt);
    for (let i = 0; ; i++) {
      const stage = stageFor(c);
      if (!stage) return;
      const delay = stage.delay(c, ctx);
      // Zero-delay stages (image check, create) run at once instead of costing a timer and a sync each.
      if (delay === 0 && i < 8) {
        stage.run(c, ctx);
        if (!this.current(rt) || rt.terminating) return;
        continue;
      }
      c.timer = this.cluster.clock.setTimeout(() => {
        c.timer = undefined;
        if (!this.running() || !this.current(rt) || rt.terminating) return;
        stage.run(c, ctx);
        this.sync(rt);
      }, delay);
      return;
    }
  }

  private stageContext(rt: PodRuntime): StageContext {
    return {
      now: () => this.cluster.now(),
      random: this.cluster.random,
      pod: () => this.current(rt)!,
      rt,
      event: (c, type, reason, message) => this.containerEvent(rt, c, type, reason, message),
      cachedImage: (full) => this.images.get(full),
      cacheImage: (full, image) => this.images.set(full, image),
      resolveEnv: (c) => {
        const pod = this.current(rt)!;
        const env = resolveEnv(this.cluster.store, pod, c.spec, rt.ip ?? '', rt.hostIP, imageEnv(c.image?.repository, c.ref?.tag));
        // The kubelet builds the environment first, then checks runAsNonRoot against the image's user.
        const nonRoot = 'error' in env ? undefined : runAsNonRootError(pod, c.spec, c.image?.user);
        return nonRoot ? { error: nonRoot } : env;
      },
      start: (c, env) => this.startContainer(rt, c, env),
    };
  }

  private containerEvent(rt: PodRuntime, c: ContainerRuntime, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const pod = this.current(rt);
    if (!pod) return;
    const field = `spec.${c.init ? 'initContainers' : c.ephemeral ? 'ephemeralContainers' : 'containers'}{${c.name}}`;
    this.cluster.events.record(pod, type, reason, message, { component: 'kubelet', host: this.node }, field);
  }

  private startContainer(rt: PodRuntime, c: ContainerRuntime, env: Record<string, string>): void {
    if (this.awaitsCode(rt, c)) return;
    const now = this.cluster.now();
    if (c.created > 0) {
      c.previousLogs = c.logs;
      c.logs = new LogBuffer();
    }
    c.created++;
    c.containerID = `containerd://${this.cluster.random.hex(64)}`;
    this.containerEvent(rt, c, 'Normal', 'Created', `Created container: ${c.name}`);
    const launched = this.launch(rt, c, env, now, false);
    if ('startError' in launched) {
      this.exited(rt, c, { exitCode: 128, reason: 'StartError', message: launched.startError, startedAt: 0, finishedAt: now });
      this.containerEvent(rt, c, 'Warning', 'Failed', `Error: ${launched.startError}`);
      return;
    }
    c.step = 'running';
    c.running = { startedAt: now };
    c.started = !c.spec.startupProbe;
    // Ephemeral containers are never ready: they take no part in the Pod's readiness.
    c.ready = !c.ephemeral && !c.spec.startupProbe && !c.spec.readinessProbe;
    c.waiting = { reason: rt.containers.some((x) => x.init) ? 'PodInitializing' : 'ContainerCreating' };
    this.containerEvent(rt, c, 'Normal', 'Started', `Started container ${c.name}`);
    launched.probes.start();
    this.runHook(rt, c, 'postStart', (failed) => {
      if (failed) this.stopContainer(rt, c, this.current(rt)?.spec?.terminationGracePeriodSeconds ?? 30);
    });
  }

  /**
   * Runs the container's exec lifecycle hook `which` (postStart once it has started, preStop
   * before it is stopped) as a process of its own in the container, then `done(failed)`.
   * A failed hook is reported with the kubelet's Warning event (FailedPostStartHook,
   * FailedPreStopHook). Returns false (and calls nothing) when there is no exec hook to run.
   */
  private runHook(rt: PodRuntime, c: ContainerRuntime, which: 'postStart' | 'preStop', done: (failed: boolean) => void): boolean {
    const argv = c.spec?.lifecycle?.[which]?.exec?.command as string[] | undefined;
    const own = c.io;
    const code = containerCode(this.cluster);
    if (!argv?.length || !own || !code) return false;
    let output = '';
    let stderr = '';
    const hookIO: ProcessIO = {
      ...own,
      fs: own.fs,
      argv,
      out: (t) => void (output += t),
      err: (t) => {
        output += t;
        stderr += t;
      },
      onTerm: undefined,
    };
    const pod = this.current(rt);
    const who = `${rt.name}_${rt.namespace}(${pod?.metadata.uid ?? rt.uid})`;
    const reason = which === 'postStart' ? 'FailedPostStartHook' : 'FailedPreStopHook';
    const fail = (error: string) => {
      this.containerEvent(rt, c, 'Warning', reason, `Exec lifecycle hook ([${argv.join(' ')}]) for Container "${c.name}" in Pod "${who}" failed - error: ${error}, message: ${JSON.stringify(output)}`);
      done(true);
    };
    if (!hasExecutable(c, own, argv[0]!, code)) {
      const id = this.cluster.random.hex(64);
      fail(`rpc error: code = Unknown desc = failed to exec in container: failed to start exec "${id}": OCI runtime exec failed: exec failed: unable to start container process: exec: "${argv[0]}": executable file not found in $PATH: unknown`);
      return true;
    }
    spawn(this.cluster.clock, () => new code.Shell(hookIO).execArgv(argv), hookIO, (exit) => {
      if (exit === 0) done(false);
      else fail(`command '${argv.join(' ')}' exited with ${exit}: ${stderr}`);
    });
    return true;
  }

  /**
   * Whether the container cannot start yet because its program (or the shell it runs in) is in
   * the containers' code that has not loaded: it then waits in ContainerCreating, with cluster
   * time standing still, and starts when the code arrives. The code is normally asked for when
   * the Pod is written (container-code-part.ts), so this is reached only when that failed: the
   * start then reports it (CreateContainerError) and is tried again at the next sync.
   */
  private awaitsCode(rt: PodRuntime, c: ContainerRuntime): boolean {
    if (containerCode(this.cluster) || !mayNeedContainerCode(c.image!, c.spec)) return false;
    c.step = 'loading';
    loadContainerCode(this.cluster, (code, error) => {
      if (c.step !== 'loading' || !this.current(rt) || rt.terminating) return;
      if (code) {
        c.step = 'create';
      } else {
        const why = error instanceof Error ? error.message : String(error);
        const message = `the program of image "${c.spec.image as string}" could not be loaded (${why})`;
        c.waiting = { reason: 'CreateContainerError', message };
        this.containerEvent(rt, c, 'Warning', 'Failed', `Error: ${message}`);
        c.step = 'configError';
      }
      if (this.running()) this.sync(rt);
    });
    return true;
  }

  /**
   * Gives the running containers of an adopted Pod (written as Running by a preset) their
   * processes, as if they had started at their recorded start time: startup log lines carry
   * that time, and the process stops on SIGTERM like any other. Probes are not started, so the
   * preset's Ready state stays as written.
   */
  private resumeAdopted(rt: PodRuntime): void {
    const pod = this.current(rt);
    if (!pod) return;
    if (rt.volumesReady && !rt.volumes) {
      rt.volumes = new PodVolumes();
      rt.volumes.setUp(this.volumeContext(), pod);
      this.scheduleVolumeResync(rt, pod);
    }
    for (const c of rt.containers) {
      if (c.step !== 'running' || c.proc || !c.ref) continue;
      const pulled = pullImage(c.ref);
      c.image = 'image' in pulled ? pulled.image : { repository: c.ref.repository, size: 0, entrypoint: [], cmd: [], shell: false };
      if ('image' in pulled) this.images.set(c.ref.full, pulled.image);
      const env = resolveEnv(this.cluster.store, pod, c.spec, rt.ip ?? '', rt.hostIP, imageEnv(c.image?.repository, c.ref?.tag));
      const launched = this.launch(rt, c, 'env' in env ? env.env : {}, c.running?.startedAt ?? this.cluster.now(), true);
      if ('startError' in launched) c.proc = spawn(this.cluster.clock, idleProgram, launched.io, (code) => this.processExited(rt, c, c.running?.startedAt ?? 0, code));
    }
  }

  /** Builds the container's IO and starts its program (or reports why it cannot start). */
  private launch(rt: PodRuntime, c: ContainerRuntime, env: Record<string, string>, startedAt: number, adopted: boolean): { probes: ContainerProbes } | { startError: string; io: ProcessIO } {
    const pod = this.current(rt)!;
    const argv = containerArgv(c.image!, c.spec).map((a) => expandRefs(a, env));
    const probes = new ContainerProbes(c, rt, {
      clock: this.cluster.clock,
      event: (type, reason, message) => this.containerEvent(rt, c, type, reason, message),
      execId: () => this.cluster.random.hex(64),
      changed: () => this.writeStatus(rt),
      restart: (grace) => this.stopContainer(rt, c, grace ?? this.current(rt)?.spec?.terminationGracePeriodSeconds ?? 30),
      code: () => containerCode(this.cluster),
    });
    const io = containerIO(this.cluster, rt, c, pod, argv, env, probes.ports);
    c.io = io;
    c.allocatedBytes = undefined;
    c.oomKilled = false;
    io.allocate = (bytes) => this.allocate(c, bytes);
    if (adopted) backdateStartup(io, c.logs, this.cluster, startedAt);
    const ctx = { tag: c.ref?.tag ?? 'latest', podIP: () => rt.ip ?? '', cluster: this.cluster, namespace: rt.namespace };
    const image = c.image!;
    io.execProgram = (a) => image.main?.(a, io, ctx) ?? containerCode(this.cluster)?.imageProgram(image.repository)?.(a, io, ctx);
    const program = this.programFor(image, argv, io, ctx, containerCode(this.cluster));
    if ('startError' in program) return { startError: program.startError, io };
    // Adopted containers keep their ports served (probes.ports) but are not probed again.
    c.probes = probes;
    c.proc = spawn(this.cluster.clock, () => program, io, (code) => this.processExited(rt, c, startedAt, code));
    return { probes };
  }

  /**
   * The container's program: the image's own from its catalogue entry (the preset's images), else
   * from the containers' code. Without that code (an adopted container of the preset, which runs
   * its own program) a StartError stands for the shell it lacks.
   */
  private programFor(image: ImageInfo, argv: string[], io: ProcessIO, ctx: RunContext, code: ContainerCode | undefined): ProgramGen | { startError: string } {
    if (code) return code.programFor(image, argv, io, ctx);
    return image.main?.(argv, io, ctx) ?? { startError: startErrorMessage(argv) };
  }

  /**
   * A program's memory grew to `bytes`: past the container's memory limit the cgroup's OOM
   * killer kills the whole container (cgroup v2 memory.oom.group, as the kubelet sets it), at
   * once, whatever the program does about signals.
   */
  private allocate(c: ContainerRuntime, bytes: number): void {
    c.allocatedBytes = bytes;
    const limit = c.spec?.resources?.limits?.memory as string | undefined;
    if (!limit || c.oomKilled || bytes <= quantityValue(parseQuantity(limit))) return;
    c.oomKilled = true;
    const proc = c.proc;
    this.cluster.clock.setTimeout(() => proc?.signal('KILL'), 0);
  }

  private processExited(rt: PodRuntime, c: ContainerRuntime, startedAt: number, code: number): void {
    const reason = c.oomKilled ? 'OOMKilled' : code === 0 ? 'Completed' : 'Error';
    c.oomKilled = false;
    c.allocatedBytes = undefined;
    c.logs.close();
    const message = terminationMessage(c.spec ?? {}, c.io?.fs, c.logs.all(), code);
    this.exited(rt, c, { exitCode: code, reason, ...(message ? { message } : {}), startedAt, finishedAt: this.cluster.now() });
    this.sync(rt);
    this.finishTermination(rt);
  }

  private exited(rt: PodRuntime, c: ContainerRuntime, t: { exitCode: number; reason: string; message?: string; startedAt: number; finishedAt: number }): void {
    c.logs.close();
    c.probes?.stop();
    c.probes = undefined;
    if (c.killTimer !== undefined) this.cluster.clock.clearTimeout(c.killTimer);
    c.killTimer = undefined;
    c.proc = undefined;
    c.running = undefined;
    // A successfully completed init container counts as ready, as the kubelet reports it.
    c.ready = c.init && t.exitCode === 0;
    c.started = false;
    c.lastTerminated = c.terminated;
    c.terminated = { ...t, containerID: c.containerID ?? '' };
    const policy = this.current(rt)?.spec?.restartPolicy ?? 'Always';
    if (c.specChanged) {
      // Killed for a new definition: started again at once, with no crash back-off.
      c.specChanged = false;
      c.step = 'new';
      return;
    }
    c.step = shouldRestart(rt, c, policy, t.exitCode) ? 'exited' : 'done';
  }

  /** SIGTERM now, SIGKILL when the grace period ends (a failed liveness or startup probe). */
  private stopContainer(rt: PodRuntime, c: ContainerRuntime, graceSeconds: number): void {
    if (!c.proc || c.proc.exited) return;
    c.proc.signal('TERM');
    c.killTimer = this.cluster.clock.setTimeout(() => c.proc?.signal('KILL'), graceSeconds * 1000);
  }

  private terminate(rt: PodRuntime, pod: KubeObject): void {
    if (!rt.terminating) {
      rt.terminating = true;
      if (rt.timer !== undefined) this.cluster.clock.clearTimeout(rt.timer);
      rt.timer = undefined;
      const grace = (pod.metadata.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
      for (const c of rt.containers) {
        if (c.timer !== undefined) this.cluster.clock.clearTimeout(c.timer);
        c.timer = undefined;
        c.probes?.stop();
        if (c.proc && !c.proc.exited) {
          c.stopping = true;
          this.containerEvent(rt, c, 'Normal', 'Killing', `Stopping container ${c.name}`);
          // The preStop hook runs first (within the grace period); SIGTERM follows it.
          const proc = c.proc;
          if (!this.runHook(rt, c, 'preStop', () => proc.signal('TERM'))) proc.signal('TERM');
        } else if (c.step !== 'done') {
          c.step = 'done';
        }
      }
      rt.killTimer = this.cluster.clock.setTimeout(() => {
        for (const c of rt.containers) c.proc?.signal('KILL');
      }, grace);
    }
    this.writeStatus(rt);
    this.finishTermination(rt);
  }

  /** Once every container of a terminating Pod has stopped, removes the Pod from the API. */
  private finishTermination(rt: PodRuntime): void {
    if (!rt.terminating || !this.running()) return;
    if (rt.containers.some((c) => c.proc && !c.proc.exited)) return;
    const pod = this.current(rt);
    if (!pod) return;
    this.writeStatus(rt);
    this.removeFromApi(this.current(rt)!);
  }

  private removeFromApi(pod: KubeObject): void {
    if (pod.metadata.finalizers?.length) return;
    this.cluster.api.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
  }

  private teardown(key: string, rt: PodRuntime): void {
    for (const c of rt.containers) {
      if (c.timer !== undefined) this.cluster.clock.clearTimeout(c.timer);
      c.timer = undefined;
      c.proc?.signal('KILL');
    }
    if (rt.timer !== undefined) this.cluster.clock.clearTimeout(rt.timer);
    if (rt.killTimer !== undefined) this.cluster.clock.clearTimeout(rt.killTimer);
    if (rt.volumeTimer !== undefined) this.cluster.clock.clearTimeout(rt.volumeTimer);
    if (rt.ip && rt.ip !== rt.hostIP) this.ips?.release(rt.ip);
    this.pods.delete(key);
  }

  /** Writes the status computed from the runtime when it differs from the stored one. */
  writeStatus(rt: PodRuntime): void {
    if (!this.running()) return;
    const pod = this.current(rt);
    if (!pod) return;
    const status = buildPodStatus(pod, rt, this.cluster.now());
    const json = JSON.stringify(status);
    const stored = pod.status === rt.lastStatus ? rt.lastJson : JSON.stringify(pod.status);
    if (json === stored) return;
    rt.lastStatus = this.cluster.api.modifyStatus('pods', rt.namespace, rt.name, (o) => {
      o.status = status;
    }).status;
    rt.lastJson = json;
  }

  /** Re-examines every Pod of this node (after the kubelet comes back). */
  resyncAll(): void {
    for (const key of this.initialKeys()) this.reconcile(key);
    for (const [key, rt] of [...this.pods]) if (!this.current(rt)) this.teardown(key, rt);
  }
}

