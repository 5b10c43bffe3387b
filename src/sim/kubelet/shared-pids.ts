/**
 * The one PID namespace of a Pod with `spec.shareProcessNamespace: true`: the sandbox's /pause is
 * PID 1 and every container's processes are listed and signalled from every other container, as
 * `ps ax` and `kill` in `kubectl exec` see them. PIDs are handed out in the order processes start
 * and stay with them; nginx runs as its master process (it replaced /docker-entrypoint.sh) and one
 * worker process per CPU of the node, which a SIGHUP to the master replaces with new ones.
 */
import type { MemFs } from './mem-fs.ts';
import type { ContainerRuntime, PodRuntime } from './runtime.ts';

/** The pause image runs as 65535:65535. */
const PAUSE_UID = 65535;
/** The nginx image's `nginx` user, which its worker processes run as. */
const NGINX_UID = 101;
/** The first PID a container's process gets (PIDs 2-7 go to the runtime's short-lived helpers). */
const FIRST_PID = 8;
/** The PIDs /docker-entrypoint.sh's scripts use before nginx starts its workers. */
const ENTRYPOINT_PIDS = 6;
/** The PIDs a new exec session uses before its command starts. */
const EXEC_PIDS = 6;

export type PidSignal = 'TERM' | 'KILL' | 'INT' | 'HUP';

const SIGNAL_NUMBERS: Record<PidSignal, number> = { HUP: 1, INT: 2, KILL: 9, TERM: 15 };

/** One process as `ps` lists it. */
export interface PodProcess {
  pid: number;
  /** The user it runs as (resolved against the viewer's /etc/passwd); undefined = the container's user. */
  uid?: number;
  command: string;
  /** The filesystem its /proc/PID/root shows (undefined for /pause). */
  fs?: MemFs;
}

interface ContainerPids {
  containerID: string;
  main: number;
  workers: number[];
}

interface Namespace {
  next: number;
  containers: Map<string, ContainerPids>;
}

const namespaces = new WeakMap<PodRuntime, Namespace>();

function namespaceOf(rt: PodRuntime): Namespace {
  let ns = namespaces.get(rt);
  if (!ns) namespaces.set(rt, (ns = { next: FIRST_PID, containers: new Map() }));
  return ns;
}

/** nginx's master process title for the argv the image starts, or undefined when it is not nginx. */
function nginxMaster(argv: string[]): string | undefined {
  const args = argv[0] === '/docker-entrypoint.sh' ? argv.slice(1) : argv;
  return args[0] === 'nginx' ? `nginx: master process ${args.join(' ')}` : undefined;
}

function running(c: ContainerRuntime): boolean {
  return c.step === 'running' && !!c.proc && !c.proc.exited && !!c.io;
}

/** The container's PIDs, given out the first time it is seen running (and again after a restart). */
function pidsOf(ns: Namespace, c: ContainerRuntime, cpus: number): ContainerPids {
  const id = c.containerID ?? c.name;
  let p = ns.containers.get(c.name);
  if (p?.containerID === id) return p;
  const main = ns.next++;
  let workers: number[] = [];
  if (nginxMaster(c.io!.argv)) {
    ns.next += ENTRYPOINT_PIDS - 1;
    workers = Array.from({ length: cpus }, () => ns.next++);
  }
  ns.containers.set(c.name, (p = { containerID: id, main, workers }));
  return p;
}

/** Takes the PIDs of a new exec session and returns the PID its command runs as. */
export function execPid(rt: PodRuntime): number {
  const ns = namespaceOf(rt);
  ns.next += EXEC_PIDS - 1;
  return ns.next++;
}

/** Takes the next PID (a command started from an exec session). */
export function nextPid(rt: PodRuntime): number {
  return namespaceOf(rt).next++;
}

/** The processes of the Pod's running containers, by PID, /pause first. */
export function podProcesses(rt: PodRuntime, cpus: number): PodProcess[] {
  const ns = namespaceOf(rt);
  const out: PodProcess[] = [{ pid: 1, uid: PAUSE_UID, command: '/pause' }];
  for (const c of rt.containers.filter(running)) {
    const p = pidsOf(ns, c, cpus);
    const io = c.io!;
    const master = nginxMaster(io.argv);
    out.push({ pid: p.main, command: master ?? io.argv.join(' '), fs: io.fs });
    for (const w of p.workers) out.push({ pid: w, uid: NGINX_UID, command: 'nginx: worker process', fs: io.fs });
  }
  return out.sort((a, b) => a.pid - b.pid);
}

/**
 * Sends `sig` to process `pid`; false when there is no such process. A container's main process
 * is no PID 1 here, so SIGTERM and SIGINT end it unless it handles them; SIGHUP to nginx's master
 * replaces its workers; /pause and the workers go on (the kernel holds no other of their signals here).
 */
export function signalPid(rt: PodRuntime, cpus: number, pid: number, sig: PidSignal): boolean {
  if (!podProcesses(rt, cpus).some((p) => p.pid === pid)) return false;
  const ns = namespaceOf(rt);
  for (const c of rt.containers.filter(running)) {
    const p = ns.containers.get(c.name);
    if (!p || p.main !== pid) continue;
    if (sig === 'HUP') {
      if (p.workers.length) p.workers = p.workers.map(() => ns.next++);
    } else if (sig === 'KILL') c.proc!.signal('KILL');
    // A handler of its own (nginx's graceful stop), else the default action: the process ends.
    else if (c.io!.onTerm) c.proc!.signal('TERM');
    else c.proc!.terminate(128 + SIGNAL_NUMBERS[sig]);
  }
  return true;
}
