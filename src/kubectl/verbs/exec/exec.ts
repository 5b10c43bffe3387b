/**
 * `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] -- COMMAND [args...]`: runs a
 * command in a running container through the API server's node proxy. Client-side checks and
 * messages are kubectl's (the `--` requirement, the completed-pod check, container
 * defaulting); a non-zero exit of the command ends kubectl with the same code after
 * `command terminated with exit code N`.
 *
 * Interactive sessions: with `-it` and the keyboard as input (`kubectl exec -it web -- sh`)
 * the container's shell prompts (`/ # `) and runs each line the learner types until `exit` or
 * Ctrl-D. Without a keyboard (a pipe, a transcript) kubectl says it cannot use a TTY and the
 * shell reads what was piped in (`echo 'ls /' | kubectl exec -i web -- sh`).
 */
import { ApiError, matches, selectorFromSpec, type Kinds, type KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { keyOf, resolveType } from '../../resource/resolve.ts';
import { completePods } from '../complete.ts';
import { readFor, useTTY } from './tty.ts';
import { podStreams } from '../../resource/streams.ts';

/** The pod an exec argument names: a pod, or the first pod of a workload or Service. */
export function podFor(inv: Invocation, arg: string): Kinds.Pod {
  const api = inv.client;
  const slash = arg.indexOf('/');
  const type = slash < 0 ? resolveType('pods') : resolveType(arg.slice(0, slash));
  const name = slash < 0 ? arg : arg.slice(slash + 1);
  const found = api.tryGet(keyOf(type), inv.namespace, name);
  if (!found) throw new ApiError('NotFound', `${type.group ? `${type.plural}.${type.group}` : type.plural} "${name}" not found`);
  if (type.plural === 'pods') return found as Kinds.Pod;
  const selector = type.plural === 'services' ? { matchLabels: found.spec?.selector ?? {} } : type.plural === 'jobs' ? { matchLabels: { 'batch.kubernetes.io/controller-uid': found.metadata.uid! } } : found.spec?.selector;
  const sel = selectorFromSpec(selector);
  const pods = api.list('pods', { namespace: inv.namespace }).items.filter((p) => matches(sel, p.metadata.labels) && !p.metadata.deletionTimestamp);
  if (!pods.length) throw new CliError('timed out waiting for the condition');
  const running = pods.filter((p) => p.status?.phase === 'Running');
  const byAge = (a: KubeObject, b: KubeObject) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '');
  return (running.length ? running : pods).sort(byAge)[0]!;
}

/** `-c`, the default-container annotation, or the first container (with kubectl's notice). */
function containerFor(inv: Invocation, pod: Kinds.Pod): string {
  const given = inv.flags.str('container');
  if (given) return given;
  const containers = pod.spec?.containers ?? [];
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated && containers.some((c) => c.name === annotated)) return annotated;
  const inits = pod.spec?.initContainers ?? [];
  const ephemeral = pod.spec?.ephemeralContainers ?? [];
  if (!inv.flags.bool('quiet') && (containers.length > 1 || inits.length > 0 || ephemeral.length > 0)) {
    const all = [...containers.map((c) => c.name), ...ephemeral.map((c) => `${c.name} (ephem)`), ...inits.map((c) => `${c.name} (init)`)];
    inv.err(`Defaulted container "${containers[0]?.name}" out of: ${all.join(', ')}\n`);
  }
  return containers[0]?.name ?? '';
}

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0 || inv.dashAt === 0) throw new CliError('pod, type/name or --filename must be specified');
  if (inv.dashAt < 0 && inv.args.length > 1) throw usageError('exec', 'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
  const argv = inv.dashAt < 0 ? [] : inv.args.slice(inv.dashAt);
  if (inv.dashAt > 1) throw usageError('exec', 'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
  if (!argv.length) throw new CliError('you must specify at least one command for the container');
  const pod = podFor(inv, inv.args[0]!);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw new CliError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  const container = containerFor(inv, pod);
  const proxy = podStreams(inv);
  const stdin = inv.flags.bool('stdin') ? inv.ctx.stdin : '';
  const ns = pod.metadata.namespace ?? inv.namespace;
  // Validation (pod, container, executable) happens here, before the command runs.
  const proc = proxy.exec(ns, pod.metadata.name!, container, argv, { stdin, stdout: (t) => inv.out(t), stderr: (t) => inv.err(t), tty: useTTY(inv) });
  const term = proxy.terminal(ns, pod.metadata.name!, container, proc);
  let step = proc.next();
  while (!step.done) {
    const wait = step.value;
    if ('sleep' in wait) {
      if (!(await inv.ctx.sleep(wait.sleep))) return 130;
    } else if (term?.waiting !== undefined) {
      // The shell waits for a line: the learner types it (null ends the shell's input).
      term.send(await readFor(inv, term));
      if (inv.ctx.interrupt.interrupted) return 130;
    } else {
      // The command waits for a signal (sleep infinity, tail -f): it runs until Ctrl-C.
      inv.ctx.streaming();
      await new Promise<void>((resolve) => inv.ctx.interrupt.onInterrupt(() => resolve()));
      return 130;
    }
    step = proc.next();
  }
  const code = step.value;
  if (code !== 0) inv.err(`command terminated with exit code ${code}\n`);
  return code;
}

registerVerb({ name: 'exec', short: 'Execute a command in a container', run, complete: completePods });
