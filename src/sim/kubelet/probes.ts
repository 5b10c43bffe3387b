/**
 * Container probes on the cluster clock, as the kubelet's prober runs them:
 *   startup   until it succeeds, liveness and readiness wait; failureThreshold failures -> restart
 *   liveness  failureThreshold consecutive failures -> Killing `Container c failed liveness
 *             probe, will be restarted` and a restart through the normal back-off path (with
 *             the probe's own terminationGracePeriodSeconds when it sets one)
 *   readiness drives the container's `ready` (and so the Pod's Ready condition); it needs
 *             successThreshold passes in a row to become ready again
 * Each failure records a Warning Unhealthy event with the kubelet's wording. An exec whose
 * command the image lacks is a prober error: reported (`probe errored and resulted in unknown
 * state`) and otherwise ignored. Exec probes time out after timeoutSeconds. Defaults:
 * initialDelaySeconds 0, periodSeconds 10, timeoutSeconds 1, successThreshold 1, failureThreshold 3.
 */
import type { Clock } from '../clock/clock.ts';
import type { ContainerRuntime, PodRuntime } from './runtime.ts';
import type { ContainerCode } from './container-code-part.ts';
import type { ProcessIO } from './process.ts';
import type { HttpHandler } from './http.ts';
import { hasExecutable } from './exec.ts';
import { executableNotFound } from './programs.ts';

export type ProbeKind = 'startup' | 'liveness' | 'readiness';

/** Listening ports of a container and their HTTP handlers (undefined = plain TCP). */
export type ProbePorts = Map<number, HttpHandler | undefined>;

interface ProbeSpec {
  httpGet?: { path?: string; port: number | string; host?: string; scheme?: string };
  tcpSocket?: { port: number | string };
  exec?: { command?: string[] };
  grpc?: { port: number; service?: string };
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  terminationGracePeriodSeconds?: number;
  periodSeconds?: number;
  failureThreshold?: number;
  successThreshold?: number;
}

export interface ProbeHost {
  clock: Clock;
  /** Records an event about the container. */
  event(type: 'Normal' | 'Warning', reason: string, message: string): void;
  /** A fresh runtime exec id (64 hex digits), as the runtime's error messages name it. */
  execId(): string;
  /** Status changed (ready/started): write it. */
  changed(): void;
  /** Kill the container for a restart (liveness/startup failure), with the probe's grace period if it sets one. */
  restart(graceSeconds?: number): void;
  /** The containers' code (the shell an exec probe runs in), if loaded: a container with an exec probe starts only once it is. */
  code(): ContainerCode | undefined;
}

const LABEL: Record<ProbeKind, string> = { startup: 'Startup', liveness: 'Liveness', readiness: 'Readiness' };

function resolvePort(port: number | string, spec: { ports?: { name?: string; containerPort: number }[] }): number {
  if (typeof port === 'number') return port;
  const named = spec.ports?.find((p) => p.name === port);
  return named ? named.containerPort : Number(port);
}

/**
 * What one probe run gives: undefined on success, the failure text, or an error of the
 * runtime itself (the exec could not start), which the kubelet reports and then ignores.
 */
export type ProbeResult = undefined | string | { error: string };

/** Runs one probe now. */
export function probeOnce(
  p: ProbeSpec,
  c: ContainerRuntime,
  rt: PodRuntime,
  ports: Map<number, HttpHandler | undefined>,
  execId: () => string = () => '0'.repeat(64),
  code?: ContainerCode,
): ProbeResult {
  const ip = rt.ip ?? '';
  if (p.httpGet) {
    const port = resolvePort(p.httpGet.port, c.spec);
    const path = p.httpGet.path ?? '/';
    const scheme = (p.httpGet.scheme ?? 'HTTP').toLowerCase();
    const url = `${scheme}://${p.httpGet.host ?? ip}:${port}${path}`;
    if (!ports.has(port)) return `Get "${url}": dial tcp ${ip}:${port}: connect: connection refused`;
    const handler = ports.get(port);
    if (!handler) return `Get "${url}": EOF`;
    // Probes come from the kubelet through the node's bridge, the .1 of the Pod's subnet.
    const bridge = ip.split('.').slice(0, 3).join('.') + '.1';
    const code = handler({ path, remote: bridge, agent: 'kube-probe/1.32' }).status;
    return code >= 200 && code < 400 ? undefined : `HTTP probe failed with statuscode: ${code}`;
  }
  if (p.tcpSocket) {
    const port = resolvePort(p.tcpSocket.port, c.spec);
    return ports.has(port) ? undefined : `dial tcp ${ip}:${port}: connect: connection refused`;
  }
  if (p.grpc) return grpcProbe(p.grpc.port, `${ip}:${p.grpc.port}`, p.timeoutSeconds ?? 1, c, ports);
  if (p.exec) {
    const argv = p.exec.command ?? [];
    if (!code) return 'the container\'s shell is not loaded';
    if (c.io && !hasExecutable(c, c.io, argv[0] ?? '', code)) {
      const what = argv.length ? executableNotFound(argv[0]!) : 'no command specified';
      return { error: `rpc error: code = Unknown desc = failed to exec in container: failed to start exec "${execId()}": OCI runtime exec failed: exec failed: unable to start container process: ${what}: unknown` };
    }
    return execProbe(argv, c.io, (p.timeoutSeconds ?? 1) * 1000, code);
  }
  return undefined;
}

/**
 * Whether a container of `repository` answers the gRPC health protocol on `port` with
 * SERVING (etcd does on its client port 2379).
 */
export function servesGrpcHealth(repository: string, port: number): boolean {
  return repository === 'registry.k8s.io/etcd' && port === 2379;
}

/** The gRPC health check (grpc.health.v1.Health/Check) against a container port. */
function grpcProbe(port: number, addr: string, timeoutSeconds: number, c: ContainerRuntime, ports: ProbePorts): string | undefined {
  if (!ports.has(port)) return `timeout: failed to connect service "${addr}" within ${timeoutSeconds}s: context deadline exceeded`;
  if (c.image && servesGrpcHealth(c.image.repository, port)) return undefined;
  return 'error: this server does not implement the grpc health protocol (grpc.health.v1.Health): rpc error: code = Unimplemented desc = unknown service grpc.health.v1.Health';
}

/**
 * Runs an exec probe's command to completion. Its sleeps add up: past `timeoutMs` the probe
 * fails with the runtime's timeout text (the command's output is lost, as the kubelet reports it).
 */
function execProbe(argv: string[], io: ProcessIO | undefined, timeoutMs: number, code: ContainerCode): string | undefined {
  if (!io) return 'container not running';
  let out = '';
  let slept = 0;
  const timedOut = `command "${argv.join(' ')}" timed out`;
  const probeIO: ProcessIO = { ...io, fs: io.fs, out: (s) => (out += s), err: (s) => (out += s), onTerm: undefined };
  const gen = new code.Shell(probeIO).execArgv(argv);
  for (let i = 0; i < 10_000; i++) {
    const r = gen.next();
    if (r.done) return r.value === 0 ? undefined : out.replace(/\n$/, '');
    if ('pause' in r.value || (slept += r.value.sleep) > timeoutMs) return timedOut;
  }
  return timedOut;
}

/** The probes of one running container; `stop()` cancels them (exit, deletion). */
export class ContainerProbes {
  private timers: number[] = [];
  private failures: Record<ProbeKind, number> = { startup: 0, liveness: 0, readiness: 0 };
  private successes: Record<ProbeKind, number> = { startup: 0, liveness: 0, readiness: 0 };
  private stopped = false;
  private c: ContainerRuntime;
  private rt: PodRuntime;
  private host: ProbeHost;
  readonly ports: ProbePorts = new Map();

  constructor(c: ContainerRuntime, rt: PodRuntime, host: ProbeHost) {
    this.c = c;
    this.rt = rt;
    this.host = host;
  }

  start(): void {
    if (this.c.spec.startupProbe) this.schedule('startup', true);
    else this.startMain();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) this.host.clock.clearTimeout(t);
    this.timers = [];
  }

  private startMain(): void {
    if (this.c.spec.livenessProbe) this.schedule('liveness', true);
    if (this.c.spec.readinessProbe) this.schedule('readiness', true);
  }

  private spec(kind: ProbeKind): ProbeSpec {
    return this.c.spec[`${kind}Probe`];
  }

  private schedule(kind: ProbeKind, first: boolean): void {
    const p = this.spec(kind);
    const delay = first ? (p.initialDelaySeconds ?? 0) * 1000 : (p.periodSeconds ?? 10) * 1000;
    this.timers.push(this.host.clock.setTimeout(() => this.run(kind), Math.max(first ? 0 : 1000, delay)));
  }

  private run(kind: ProbeKind): void {
    if (this.stopped || this.c.step !== 'running') return;
    const p = this.spec(kind);
    const failure = probeOnce(p, this.c, this.rt, this.ports, () => this.host.execId(), this.host.code());
    if (typeof failure === 'object') {
      // The prober's error: reported, and the result thrown away (no failure is counted).
      this.host.event('Warning', 'Unhealthy', `${LABEL[kind]} probe errored and resulted in unknown state: ${failure.error}`);
      this.schedule(kind, false);
      return;
    }
    if (failure === undefined) {
      this.failures[kind] = 0;
      if (++this.successes[kind] >= (p.successThreshold ?? 1)) this.succeeded(kind);
      if (kind !== 'startup' || !this.c.started) this.schedule(kind, false);
      return;
    }
    this.successes[kind] = 0;
    this.failures[kind]++;
    this.host.event('Warning', 'Unhealthy', `${LABEL[kind]} probe failed: ${failure}`);
    if (this.failures[kind] >= (p.failureThreshold ?? 3)) {
      if (kind === 'readiness') {
        if (this.c.ready) {
          this.c.ready = false;
          this.host.changed();
        }
      } else {
        this.host.event('Normal', 'Killing', `Container ${this.c.name} failed ${kind} probe, will be restarted`);
        this.stop();
        this.host.restart(p.terminationGracePeriodSeconds);
        return;
      }
    }
    this.schedule(kind, false);
  }

  private succeeded(kind: ProbeKind): void {
    if (kind === 'startup' && !this.c.started) {
      this.c.started = true;
      if (!this.c.spec.readinessProbe) this.c.ready = true;
      this.host.changed();
      this.startMain();
    } else if (kind === 'readiness' && !this.c.ready) {
      this.c.ready = true;
      this.host.changed();
    }
  }
}
