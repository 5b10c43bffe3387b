/**
 * A whole simulated cluster: clock, randomness, store, API server, event recorder and the
 * components (scheduler, kubelets, controllers) that make it behave. `createCluster` wires
 * them; a preset fills the store with what a fresh cluster holds.
 */
import { ApiServer } from './apiserver/api-server.ts';
import { Random } from './clock/random.ts';
import { DEFAULT_EPOCH, SimClock } from './clock/clock.ts';
import { EventRecorder } from './events/recorder.ts';
import { ControllerManager } from './runtime/manager.ts';
import type { Controller } from './runtime/controller.ts';
import { Store, type StoreSnapshot } from './store/store.ts';
import type { Addon } from './addons/registry.ts';
import type { Installer } from './installer.ts';
import { ClusterCode } from './deferred/cluster-code.ts';
import { SHARED_CODE, type CodeSource } from './deferred/code-part.ts';

export const SERVER_VERSION = 'v1.32.6';

/** Options for `kubectl logs`, as the kubelet serves them. */
export interface LogOptions {
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
  /** Only lines written at or after this cluster time (ms): `--since`, `--since-time`. */
  sinceTime?: number;
}

/**
 * The learner's end of an interactive shell in a container (`exec -it`, `run -it`): the shell
 * waits with a prompt, the caller sends the line typed.
 */
export interface ShellTerminal {
  /** The shell's prompt while it waits for a line; undefined while it runs one. */
  readonly waiting: string | undefined;
  /** Sends a typed line (without newline); null is end of input (Ctrl-D). */
  send(line: string | null): void;
  /** Calls `cb` each time the shell starts waiting for a line; returns unsubscribe. */
  onWaiting(cb: () => void): () => void;
}

/** The streams of a command run in a container (`kubectl exec`). */
export interface ExecIO {
  /** Everything the caller sends to the command's stdin ('' for none). */
  stdin: string;
  /** With `-it` and a bare shell: the shell reads its lines from here (see `NodeProxy.openTerminal`). */
  tty?: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * A command running in a container. The caller drives it with `next()`: each yielded value is
 * cluster time to let pass before the next call (`{ sleep: ms }`), or `{ pause: true }` when the
 * command waits for a signal (it then runs until the caller gives up); the return value is the
 * command's exit code.
 */
export type ExecRun = Generator<{ sleep: number } | { pause: true }, number, void>;

/**
 * What the API server proxies to kubelets (logs, exec). The kubelet module implements it;
 * errors are thrown as `ApiError` or as `Error` whose message kubectl prints after `error: `.
 */
export interface NodeProxy {
  logs(namespace: string, pod: string, container: string | undefined, opts: LogOptions): string;
  /** Calls `cb` with each new log chunk of a running container; returns unsubscribe. */
  followLogs(namespace: string, pod: string, container: string | undefined, cb: (chunk: string) => void): () => void;
  /**
   * Attaches to a running container's output: `cb` gets each write of its process as it
   * happens, partial lines included (what `kubectl attach` streams); returns unsubscribe.
   */
  attachOutput(namespace: string, pod: string, container: string, cb: (stream: 'stdout' | 'stderr', chunk: string) => void): () => void;
  /** What the container wrote after its last complete log line (not in `logs` yet). */
  pendingOutput(namespace: string, pod: string, container: string): string;
  /**
   * Runs `argv` in a running container, in its own filesystem and environment, with busybox-
   * style `sh` semantics. Throws before running: NotFound (pod), BadRequest (container not in
   * the spec, pod not scheduled), or an Error worded as the kubelet/runtime reports it
   * (`unable to upgrade connection: container not found ("x")`, `Internal error occurred: ...
   * executable file not found in $PATH: unknown`).
   */
  exec(namespace: string, pod: string, container: string, argv: string[], io: ExecIO): ExecRun;
  /**
   * The terminal of an exec started with `io.tty` (after `exec` returned), or of a running
   * container started with `stdin: true` whose main process is an interactive shell (attach).
   * Undefined when there is none.
   */
  terminal(namespace: string, pod: string, container: string, exec?: ExecRun): ShellTerminal | undefined;
}

export interface ClusterOptions {
  /** Seed for names, uids, IPs; the same seed replays the same session. Default 1. */
  seed?: number;
  /** Preset name (see presets/index.ts). Default `kind`. */
  preset?: string;
  /** Cluster time at creation, ms since epoch. */
  start?: number;
  /**
   * What the cluster is built from, in start order (`createCluster` only). Default: every kind,
   * controller and add-on the simulator has (`DEFAULT_INSTALLERS`).
   */
  installers?: readonly Installer[];
  /**
   * Where the code that loads on first use comes from (deferred/code-part.ts). Default: the
   * process's shared source, so what is loaded once is there for every cluster.
   */
  code?: CodeSource;
}

/** Anything that plugs into a cluster at creation: controllers, kubelet, scheduler. */
export type Component = (cluster: Cluster) => void;

export class Cluster {
  readonly clock: SimClock;
  readonly random: Random;
  readonly store: Store;
  readonly api: ApiServer;
  readonly events: EventRecorder;
  readonly manager: ControllerManager;
  /** Set by the kubelet component. */
  nodeProxy: NodeProxy | undefined;
  /** Free-form per-component state (e.g. the kubelet's container runtimes), keyed by component. */
  readonly extensions = new Map<string, unknown>();
  /** The add-ons this cluster offers (`cluster addons`), by name. */
  readonly addons = new Map<string, Addon>();
  /** Names of the installers this cluster was built from, in start order. */
  readonly installed: string[] = [];
  /** The code this cluster waits for; hosts hold cluster time while `code.loading`. */
  readonly code: ClusterCode;

  constructor(opts: ClusterOptions = {}) {
    this.clock = new SimClock(opts.start ?? DEFAULT_EPOCH);
    this.random = new Random(opts.seed ?? 1);
    this.store = new Store();
    this.api = new ApiServer(this.store, this.clock, this.random);
    this.events = new EventRecorder(this.store, this.clock, this.random);
    this.manager = new ControllerManager(this.store, this.clock);
    this.code = new ClusterCode(opts.code ?? SHARED_CODE);
    this.api.deferred.attach(this.code);
  }

  addController(c: Controller): void {
    this.manager.add(c);
  }

  /**
   * Runs what is due now, until quiet: zero-delay timers and controller queues, including work
   * a controller had deferred to batch a burst of changes.
   */
  settle(): void {
    this.clock.settle();
    for (let i = 0; i < 100 && this.manager.flushDeferred(); i++) this.clock.settle();
  }

  /** settle() one timer at a time, pausing (yield) after each: the same work, in the same order. */
  *settleSteps(): Generator<void, void, void> {
    while (this.clock.fireOneDue()) yield;
    for (let i = 0; i < 100 && this.manager.flushDeferred(); i++) while (this.clock.fireOneDue()) yield;
  }

  /** Moves cluster time forward, letting everything due on the way happen in order. */
  advance(ms: number): void {
    this.clock.advance(ms);
  }

  now(): number {
    return this.clock.now();
  }

  snapshot(): { time: number; store: StoreSnapshot } {
    return { time: this.clock.now(), store: this.store.snapshot() };
  }
}
