/**
 * `kubectl logs (POD | TYPE/NAME) [-c CONTAINER] [-f] [-p] [--tail=N] [--timestamps]`:
 * logs come from the kubelet through the API server's node proxy; a workload name picks
 * one of its pods; a pod with several containers defaults to the first (with kubectl's
 * notice on stderr).
 */
import { ApiError, matches, selectorFromSpec, type KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { resolveType, keyOf } from '../../resource/resolve.ts';
import { completePods } from '../complete.ts';

const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";

/** Finds the pod a `logs` argument names (a pod, or a workload's first pod). */
function podFor(inv: Invocation, arg: string): KubeObject {
  const api = inv.cluster.api;
  const slash = arg.indexOf('/');
  const type = slash < 0 ? resolveType('pods') : resolveType(arg.slice(0, slash));
  const name = slash < 0 ? arg : arg.slice(slash + 1);
  const found = api.tryGet(keyOf(type), inv.namespace, name);
  if (!found) {
    if (type.plural === 'pods') throw new CliError(`error from server (NotFound): pods "${name}" not found in namespace "${inv.namespace}"`);
    throw new ApiError('NotFound', `${type.group ? `${type.plural}.${type.group}` : type.plural} "${name}" not found`);
  }
  if (type.plural === 'pods') return found;
  const spec = found.spec?.jobTemplate?.spec ?? found.spec;
  const selector = type.plural === 'jobs' ? { matchLabels: { 'batch.kubernetes.io/controller-uid': found.metadata.uid! } } : spec?.selector;
  const sel = selectorFromSpec(selector);
  const pods = api.list('pods', { namespace: inv.namespace, filter: (p) => matches(sel, p.metadata.labels) });
  if (!pods.length) throw new CliError(`timed out waiting for the condition`);
  const active = pods.filter((p) => !p.metadata.deletionTimestamp);
  const chosen = (active.length ? active : pods).sort((a, b) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? ''))[0]!;
  if (pods.length > 1) inv.err(`Found ${pods.length} pods, using pod/${chosen.metadata.name}\n`);
  return chosen;
}

/** The container to read: `-c`, the default-container annotation, or the first one. */
function containerFor(inv: Invocation, pod: KubeObject): string | undefined {
  if (inv.flags.str('container')) return inv.flags.str('container');
  if (inv.flags.bool('all-containers')) return undefined;
  const containers = (pod.spec?.containers ?? []) as { name: string }[];
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated && containers.some((c) => c.name === annotated)) return annotated;
  const inits = (pod.spec?.initContainers ?? []) as { name: string }[];
  if (containers.length + inits.length > 1 && containers[0]) {
    const all = [...containers.map((c) => c.name), ...inits.map((c) => `${c.name} (init)`)];
    inv.err(`Defaulted container "${containers[0].name}" out of: ${all.join(', ')}\n`);
  }
  return containers[0]?.name;
}

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0) throw usageError('logs', USAGE);
  if (inv.args.length > 2) throw usageError('logs', USAGE);
  const proxy = inv.cluster.nodeProxy;
  const pod = podFor(inv, inv.args[0]!);
  const container = inv.args[1] ?? containerFor(inv, pod);
  if (!proxy) throw new CliError('the server could not find the requested resource');
  const tail = inv.flags.int('tail');
  const opts = {
    previous: inv.flags.bool('previous'),
    timestamps: inv.flags.bool('timestamps'),
    tailLines: tail >= 0 && inv.flags.has('tail') ? tail : undefined,
  };
  const ns = pod.metadata.namespace ?? inv.namespace;
  inv.out(proxy.logs(ns, pod.metadata.name!, container, opts));
  if (!inv.flags.bool('follow') || opts.previous) return 0;
  inv.ctx.streaming();
  const stop = proxy.followLogs(ns, pod.metadata.name!, container, (chunk) => inv.out(chunk));
  // The stream ends when the container stops (or the pod goes away), or on Ctrl-C.
  let stopWatch = () => {};
  await new Promise<void>((resolve) => {
    inv.ctx.interrupt.onInterrupt(() => resolve());
    stopWatch = inv.cluster.api.watch('pods', ns, (e) => {
      if (e.object.metadata.name !== pod.metadata.name) return;
      const statuses = (e.object.status?.containerStatuses ?? []) as { name: string; state?: { terminated?: unknown } }[];
      const st = statuses.find((s) => s.name === container);
      if (e.type === 'DELETED' || st?.state?.terminated) resolve();
    });
  });
  stopWatch();
  stop();
  return 0;
}

registerVerb({ name: 'logs', short: 'Print the logs for a container in a pod', run, complete: (inv) => completePods(inv) });
