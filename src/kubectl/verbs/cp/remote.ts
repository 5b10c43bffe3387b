/**
 * Runs a command in a container to completion and collects what it wrote, as kubectl's
 * DefaultRemoteExecutor does for `kubectl cp` (its `test -d` and `tar` executions). The
 * command runs on the cluster clock; the API server's and runtime's refusals are thrown.
 */
import { ApiError, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { podStreams } from '../../resource/streams.ts';

/** What a finished remote command printed, and its exit code (130 when interrupted). */
export interface RemoteResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** The Pod `name` in `namespace`, checked as exec checks it (it must exist and not be completed). */
export function execTarget(inv: Invocation, namespace: string, name: string): KubeObject {
  const pod = inv.client.tryGet('pods', namespace, name);
  if (!pod) throw new ApiError('NotFound', `pods "${name}" not found`);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw new CliError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  return pod;
}

/**
 * The container exec uses: `-c`, the default-container annotation, or the first one, with
 * exec's `Defaulted container` notice written to `notice`.
 */
export function execContainer(inv: Invocation, pod: KubeObject, notice: (t: string) => void): string {
  const given = inv.flags.str('container');
  if (given) return given;
  const containers = (pod.spec?.containers ?? []) as { name: string }[];
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated && containers.some((c) => c.name === annotated)) return annotated;
  const inits = (pod.spec?.initContainers ?? []) as { name: string }[];
  const ephemeral = (pod.spec?.ephemeralContainers ?? []) as { name: string }[];
  if (containers.length > 1 || inits.length > 0 || ephemeral.length > 0) {
    const all = [...containers.map((c) => c.name), ...ephemeral.map((c) => `${c.name} (ephem)`), ...inits.map((c) => `${c.name} (init)`)];
    notice(`Defaulted container "${containers[0]?.name}" out of: ${all.join(', ')}\n`);
  }
  return containers[0]?.name ?? '';
}

/** Runs `argv` in the container with `stdin`, to its end. */
export async function runRemote(inv: Invocation, pod: KubeObject, container: string, argv: string[], stdin = ''): Promise<RemoteResult> {
  const proxy = podStreams(inv);
  let stdout = '';
  let stderr = '';
  const proc = proxy.exec(pod.metadata.namespace!, pod.metadata.name!, container, argv, {
    stdin,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    tty: false,
  });
  let step = proc.next();
  while (!step.done) {
    const wait = step.value;
    if (!('sleep' in wait) || !(await inv.ctx.sleep(wait.sleep))) return { stdout, stderr, code: 130 };
    step = proc.next();
  }
  return { stdout, stderr, code: step.value };
}
