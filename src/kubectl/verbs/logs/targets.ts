/**
 * What `kubectl logs` reads: one pod (named, or picked from a workload) or every pod a `-l`
 * selector matches, and per pod the containers to read (`-c`, the default one with kubectl's
 * notice, or with `--all-containers` init, app and ephemeral containers in that order).
 */
import { ApiError, matches, parseLabelSelector, selectorFromSpec, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { keyOf, resolveType } from '../../resource/resolve.ts';

/** One log request: a container of a pod. */
export interface LogTarget {
  pod: KubeObject;
  container: string | undefined;
}

/** Finds the pod a `logs` argument names (a pod, or a workload's first pod). */
export function podFor(inv: Invocation, arg: string): KubeObject {
  const api = inv.client;
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
  const pods = api.list('pods', { namespace: inv.namespace }).items.filter((p) => matches(sel, p.metadata.labels));
  if (!pods.length) throw new CliError(`timed out waiting for the condition`);
  const active = pods.filter((p) => !p.metadata.deletionTimestamp);
  const chosen = (active.length ? active : pods).sort(
    (a, b) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? ''),
  )[0]!;
  if (pods.length > 1) inv.err(`Found ${pods.length} pods, using pod/${chosen.metadata.name}\n`);
  return chosen;
}

/** The pods a `-l` selector matches, by name (kubectl's list order). */
export function podsFor(inv: Invocation, selector: string): KubeObject[] {
  let sel;
  try {
    sel = parseLabelSelector(selector);
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
  return inv.client.list('pods', { namespace: inv.namespace }).items.filter((p) => matches(sel, p.metadata.labels));
}

/** The default container: the annotation's, else the first (with kubectl's notice when there are several). */
function defaultContainer(inv: Invocation, pod: KubeObject): string | undefined {
  const containers = (pod.spec?.containers ?? []) as { name: string }[];
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated && containers.some((c) => c.name === annotated)) return annotated;
  const inits = (pod.spec?.initContainers ?? []) as { name: string }[];
  const ephemeral = (pod.spec?.ephemeralContainers ?? []) as { name: string }[];
  if (containers.length + inits.length + ephemeral.length > 1 && containers[0]) {
    const all = [...containers.map((c) => c.name), ...ephemeral.map((c) => `${c.name} (ephem)`), ...inits.map((c) => `${c.name} (init)`)];
    inv.err(`Defaulted container "${containers[0].name}" out of: ${all.join(', ')}\n`);
  }
  return containers[0]?.name;
}

/** The log requests for `pod`: `-c` / the positional container, all of them, or the default one. */
export function targetsOf(inv: Invocation, pod: KubeObject, container: string | undefined): LogTarget[] {
  if (container) return [{ pod, container }];
  if (inv.flags.bool('all-containers')) {
    const names = ['initContainers', 'containers', 'ephemeralContainers'].flatMap((k) => ((pod.spec?.[k] ?? []) as { name: string }[]).map((c) => c.name));
    return names.map((name) => ({ pod, container: name }));
  }
  return [{ pod, container: defaultContainer(inv, pod) }];
}
