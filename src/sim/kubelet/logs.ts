/**
 * `kubectl logs` as the API server and kubelet serve it (NodeProxy): which container, which
 * run (current or --previous), and the exact errors of pod/strategy.go LogLocation and the
 * kubelet's validateContainerLogStatus.
 */
import { ApiError, badRequest, notFound } from '../api/errors.ts';
import type { KubeObject } from '../api/types.ts';
import type { Cluster, LogOptions, NodeProxy } from '../cluster.ts';
import type { Kubelet } from './kubelet.ts';
import type { LogBuffer, LogLine } from './log-buffer.ts';
import { MAX_LOG_LINES } from './log-buffer.ts';
import type { ContainerRuntime } from './runtime.ts';

/** RFC 3339 with nanoseconds, as `--timestamps` prints. */
function nanoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

function render(lines: readonly LogLine[], opts: LogOptions): string {
  let sel = lines.length > MAX_LOG_LINES ? lines.slice(-MAX_LOG_LINES) : lines;
  const since = opts.sinceTime;
  if (since !== undefined) sel = sel.filter((l) => l.time >= since);
  if (opts.tailLines !== undefined && opts.tailLines >= 0) sel = opts.tailLines === 0 ? [] : sel.slice(-opts.tailLines);
  return sel.map((l) => (opts.timestamps ? `${nanoTime(l.time)} ${l.text}\n` : `${l.text}\n`)).join('');
}

/** Picks the container (server-side defaulting), or throws the API server's BadRequest. */
function containerName(pod: KubeObject, container: string | undefined): string {
  const names = (pod.spec?.containers ?? []).map((c: { name: string }) => c.name);
  const inits = (pod.spec?.initContainers ?? []).map((c: { name: string }) => c.name);
  const ephemeral = (pod.spec?.ephemeralContainers ?? []).map((c: { name: string }) => c.name);
  const name = pod.metadata.name!;
  if (!container) {
    if (names.length === 1) return names[0];
    if (!names.length) throw badRequest(`a container name must be specified for pod ${name}`);
    let msg = `a container name must be specified for pod ${name}, choose one of: [${names.join(' ')}]`;
    if (inits.length) msg += ` or one of the init containers: [${inits.join(' ')}]`;
    throw badRequest(msg);
  }
  if (!names.includes(container) && !inits.includes(container) && !ephemeral.includes(container)) {
    throw badRequest(`container ${container} is not valid for pod ${name}`);
  }
  return container;
}

/** The log buffer `kubectl logs` reads for this container, or the kubelet's error. */
function bufferFor(pod: KubeObject, c: ContainerRuntime | undefined, name: string, previous: boolean): LogBuffer {
  const podName = pod.metadata.name!;
  const statuses = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])];
  const st = statuses.find((s: { name: string }) => s.name === name);
  const last = st?.lastState?.terminated;
  const state = st?.state ?? {};
  if (previous) {
    if (!last?.containerID || !c) throw badRequest(`previous terminated container "${name}" in pod "${podName}" not found`);
    // While waiting to restart, lastState is the latest run; once a new run exists it is the one before.
    return state.waiting ? c.logs : (c.previousLogs ?? c.logs);
  }
  if (c && (state.running || (state.terminated && state.terminated.containerID))) return c.logs;
  if (c && last?.containerID) return c.logs;
  if (state.terminated || last) throw badRequest(`container "${name}" in pod "${podName}" is terminated`);
  const reason: string | undefined = state.waiting?.reason;
  if (reason === 'ErrImagePull') throw badRequest(`container "${name}" in pod "${podName}" is waiting to start: image can't be pulled`);
  if (reason === 'ImagePullBackOff') throw badRequest(`container "${name}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
  if (reason) throw badRequest(`container "${name}" in pod "${podName}" is waiting to start: ${reason}`);
  throw badRequest(`container "${name}" in pod "${podName}" is waiting to start - no logs yet`);
}

/** The logs half of the NodeProxy backed by the cluster's kubelets (exec.ts serves exec). */
export function kubeletNodeProxy(cluster: Cluster, kubelets: Map<string, Kubelet>): Omit<NodeProxy, 'exec' | 'terminal'> {
  const locate = (namespace: string, podName: string, container: string | undefined, previous: boolean) => {
    const pod = cluster.store.get('pods', namespace, podName);
    if (!pod) throw notFound('pods', podName);
    const name = containerName(pod, container);
    const node: string | undefined = pod.spec?.nodeName;
    if (!node) return undefined;
    const kubelet = kubelets.get(node);
    if (!kubelet || !cluster.store.get('nodes', '', node)) {
      throw new ApiError('InternalError', `Get "https://${node}:10250/containerLogs/${namespace}/${podName}/${name}": dial tcp: lookup ${node}: no such host`);
    }
    const rt = kubelet.runtime(namespace, podName);
    const c = rt?.uid === pod.metadata.uid ? rt?.containers.find((x) => x.name === name) : undefined;
    return bufferFor(pod, c, name, previous);
  };
  return {
    logs(namespace, pod, container, opts) {
      const buf = locate(namespace, pod, container, !!opts.previous);
      return buf ? render(buf.all(), opts) : '';
    },
    followLogs(namespace, pod, container, cb) {
      const buf = locate(namespace, pod, container, false);
      if (!buf) return () => undefined;
      return buf.follow((l) => cb(`${l.text}\n`));
    },
    attachOutput(namespace, pod, container, cb) {
      const buf = locate(namespace, pod, container, false);
      if (!buf) return () => undefined;
      return buf.attach(cb);
    },
    pendingOutput(namespace, pod, container) {
      const buf = locate(namespace, pod, container, false);
      return buf ? buf.pending('stdout') + buf.pending('stderr') : '';
    },
  };
}
