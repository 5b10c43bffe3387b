/**
 * The describers: each kind's module registers itself for its resource key. Only the generic
 * one loads with kubectl; the kinds' own (pod, node, service, workloads, storage) load on
 * first `kubectl describe`: `loadDescribers()` must have resolved before `describerFor` is
 * asked (the command dispatcher awaits it, see cli/on-demand.ts).
 */
export { describerFor, type DescribeContext } from './common.ts';
export { describeGeneric } from './simple.ts';

let loading: Promise<void> | undefined;

/** Loads and registers every kind's describer (once; later calls share the first load). */
export function loadDescribers(): Promise<void> {
  loading ??= Promise.all([import('./pod.ts'), import('./node.ts'), import('./service.ts'), import('./endpoints.ts'), import('./ingress.ts'), import('./workloads.ts'), import('./quota.ts'), import('./networkpolicy.ts'), import('./hpa.ts'), import('./policy.ts'), import('./rbac.ts')]).then(() => {});
  return loading;
}
