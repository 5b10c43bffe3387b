/**
 * `kubectl exec` as the API server and kubelet serve it: the API server's checks
 * (pod/strategy.go streamLocation), the kubelet's (the pod and a running container must
 * exist), the runtime's (the executable must exist in the image), then the command runs
 * through the container's busybox-style shell with the container's filesystem and env.
 * The shell comes with the containers' code that loads on first use: an exec into a container
 * whose image runs without it (the kind preset's kube-proxy) waits for it, with cluster time
 * standing still, and then runs as it would have with the code there.
 */
import { ApiError, badRequest, notFound } from '../api/errors.ts';
import type { Cluster, ExecIO, ExecRun, ShellTerminal } from '../cluster.ts';
import type { Kubelet } from './kubelet.ts';
import type { ProcessIO, SharedPids } from './process.ts';
import type { ContainerRuntime, PodRuntime } from './runtime.ts';
import { execPid, nextPid, podProcesses, signalPid } from './shared-pids.ts';
import { withProcView } from './proc-view.ts';
import { containerCode, loadContainerCode, type ContainerCode } from './container-code-part.ts';
import { LineTerminal } from './sh/line-terminal.ts';
import { executableNotFound } from './programs.ts';

/** Images built on busybox or Alpine: they have `sh` but no `bash`. */
export function lacksBash(c: ContainerRuntime): boolean {
  const repo = c.ref?.repository ?? '';
  return /\/(busybox|alpine|curl|local-path-helper)$/.test(repo) || (c.ref?.tag ?? '').includes('alpine');
}

/** Whether the container's image has `argv0` on its PATH (or at that path). */
export function hasExecutable(c: ContainerRuntime, io: ProcessIO, argv0: string, code: ContainerCode): boolean {
  if (!c.image?.shell) return false;
  const base = argv0.split('/').pop() ?? argv0;
  if (base === 'bash' && lacksBash(c)) return false;
  return code.isKnownCommand(argv0, io.commands, io.procps !== false);
}

/** What kubectl prints when the shell could not be fetched (the next exec tries again). */
export function execCodeMissing(error: unknown): Error {
  const why = error instanceof Error ? error.message : String(error);
  return new Error(`Internal error occurred: error executing command in container: the container's programs could not be loaded (${why}); try again`);
}

function execFailed(cluster: Cluster, what: string): Error {
  return new Error(
    `Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "${cluster.random.hex(64)}": OCI runtime exec failed: exec failed: unable to start container process: ${what}: unknown`,
  );
}

/** The `exec` entry of the kubelets' NodeProxy. */
export function kubeletExec(cluster: Cluster, kubelets: Map<string, Kubelet>) {
  return (namespace: string, podName: string, container: string, argv: string[], io: ExecIO): ExecRun => {
    const pod = cluster.store.get('pods', namespace, podName);
    if (!pod) throw notFound('pods', podName);
    const names = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map(
      (c: { name: string }) => c.name,
    );
    if (!names.includes(container)) throw badRequest(`container ${container} is not valid for pod ${podName}`);
    const node: string | undefined = pod.spec?.nodeName;
    if (!node) throw badRequest(`pod ${podName} does not have a host assigned`);
    const kubelet = kubelets.get(node);
    if (!kubelet || !cluster.store.get('nodes', '', node) || !kubelet.running()) {
      throw new ApiError('InternalError', `error dialing backend: dial tcp: lookup ${node}: no such host`);
    }
    const rt = kubelet.runtime(namespace, podName);
    if (!rt || rt.uid !== pod.metadata.uid) throw new Error('unable to upgrade connection: pod does not exist');
    const c = rt.containers.find((x) => x.name === container);
    if (!c || c.step !== 'running' || !c.proc || c.proc.exited || !c.io) throw new Error(`unable to upgrade connection: container not found ("${container}")`);
    if (!argv.length) throw execFailed(cluster, 'no command specified');
    const terminal = io.tty ? new LineTerminal(lacksBash(c) ? 'busybox' : 'dash', true) : undefined;
    const code = containerCode(cluster);
    const pids = pod.spec?.shareProcessNamespace === true ? sharedPids(cluster, rt) : undefined;
    const run = code ? startExec(cluster, c, argv, io, terminal, code, pids) : afterCode(cluster, c, argv, io, terminal, pids);
    if (terminal) execTerminals.set(run, terminal);
    return run;
  };
}

/** Waits (without cluster time passing) for the containers' code, then runs the exec. */
function* afterCode(cluster: Cluster, c: ContainerRuntime, argv: string[], io: ExecIO, terminal: LineTerminal | undefined, pids?: SharedPids): ExecRun {
  let outcome: { code?: ContainerCode; error?: unknown } | undefined;
  loadContainerCode(cluster, (code, error) => (outcome = { code, error }));
  // Hosts hold cluster time while the code loads, so this zero-length sleep ends once it is there.
  while (!outcome) yield { sleep: 0 };
  if (!outcome.code) throw execCodeMissing(outcome.error);
  if (c.step !== 'running' || !c.proc || c.proc.exited || !c.io) throw new Error(`unable to upgrade connection: container not found ("${c.name}")`);
  return yield* startExec(cluster, c, argv, io, terminal, outcome.code, pids);
}

/** The runtime's check of the executable, then the command in the container's shell. */
function startExec(cluster: Cluster, c: ContainerRuntime, argv: string[], io: ExecIO, terminal: LineTerminal | undefined, code: ContainerCode, pids?: SharedPids): ExecRun {
  const own = c.io!;
  if (!hasExecutable(c, own, argv[0]!, code)) throw execFailed(cluster, executableNotFound(argv[0]!));
  let viewOf = own.fs;
  let view = withProcView(viewOf, pids);
  const procIO: ProcessIO = {
    argv,
    env: own.env,
    get fs() {
      // The view follows the container's filesystem when that is replaced.
      if (own.fs !== viewOf) view = withProcView((viewOf = own.fs), pids);
      return view;
    },
    hostname: own.hostname,
    get user() {
      return own.user;
    },
    now: () => cluster.now(),
    out: io.stdout,
    err: io.stderr,
    fetch: own.fetch,
    dns: own.dns,
    commands: own.commands,
    mainArgv: own.argv,
    dash: own.dash,
    coreutils: own.coreutils,
    procps: own.procps,
    // Inside its PID namespace, PID 1 gets only the signals it handles: SIGKILL never, SIGTERM/SIGINT
    // only with a handler (the process layer ignores SIGTERM without one).
    signalMain: (sig) => {
      if (sig !== 'KILL') c.proc?.signal('TERM');
    },
  };
  if (terminal) procIO.terminal = terminal;
  if (pids) procIO.pids = pids;
  const shell = new code.Shell(procIO);
  shell.stdin = io.stdin;
  return shell.execArgv(argv);
}

/** An exec session's view of the Pod's shared PID namespace. */
function sharedPids(cluster: Cluster, rt: PodRuntime): SharedPids {
  const cpus = Number.parseInt(String(cluster.store.get('nodes', '', rt.node)?.status?.capacity?.cpu ?? '1'), 10) || 1;
  // The containers' processes started before this session's.
  podProcesses(rt, cpus);
  return {
    self: execPid(rt),
    list: () => podProcesses(rt, cpus),
    next: () => nextPid(rt),
    signal: (pid, sig) => signalPid(rt, cpus, pid, sig),
  };
}

const execTerminals = new WeakMap<ExecRun, LineTerminal>();

/** The `terminal` entry of the kubelets' NodeProxy: an exec's terminal, or a running container's own. */
export function kubeletTerminal(cluster: Cluster, kubelets: Map<string, Kubelet>) {
  return (namespace: string, podName: string, container: string, exec?: ExecRun): ShellTerminal | undefined => {
    if (exec) return execTerminals.get(exec);
    const pod = cluster.store.get('pods', namespace, podName);
    const kubelet = pod?.spec?.nodeName ? kubelets.get(pod.spec.nodeName) : undefined;
    const rt = kubelet?.runtime(namespace, podName);
    const c = rt?.containers.find((x) => x.name === container);
    if (!c || c.step !== 'running' || !c.proc || c.proc.exited) return undefined;
    return c.io?.terminal;
  };
}
