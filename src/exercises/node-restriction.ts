/**
 * Whether a Pod spec keeps its Pods on nodes whose label `key` has one of a few values, by any
 * of the means the scheduler honours: `nodeSelector`, or a required node-affinity term. With
 * several affinity terms (ORed), each must restrict the label; within a term (ANDed), one
 * expression is enough. Preferred affinity does not keep a Pod anywhere and does not count.
 */
import type { ClusterReader, KubeObject } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';

interface Expression {
  key?: string;
  operator?: string;
  values?: string[];
}

interface PodSpecLike {
  nodeSelector?: Record<string, string>;
  affinity?: { nodeAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: { matchExpressions?: Expression[] }[] } } };
}

/** An expression that admits only values in `allowed` for `key` (and at least one of them). */
function restricts(e: Expression, key: string, allowed: readonly string[]): boolean {
  if (e.key !== key) return false;
  const values = e.values ?? [];
  return e.operator === 'In' && values.length > 0 && values.every((v) => allowed.includes(v));
}

/**
 * Undefined when `spec` keeps its Pods on nodes labelled `key` in `allowed`; otherwise what
 * would let a re-created Pod land elsewhere.
 */
export function restrictionProblem(spec: PodSpecLike | undefined, key: string, allowed: readonly string[]): string | undefined {
  const selected = spec?.nodeSelector?.[key];
  if (selected !== undefined) return allowed.includes(selected) ? undefined : `its nodeSelector asks for ${key}: ${selected}`;
  const terms = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  if (terms.length > 0 && terms.every((t) => (t.matchExpressions ?? []).some((e) => restricts(e, key, allowed)))) return undefined;
  return terms.length > 0
    ? `its required node affinity also admits nodes outside ${key} in (${allowed.join(', ')})`
    : `nothing in its spec keeps it on nodes labelled ${key} in (${allowed.join(', ')})`;
}

/** The Pod template (or Pod spec) of a workload object. */
function podSpecOf(obj: KubeObject): PodSpecLike | undefined {
  if (obj.kind === 'Pod') return obj.spec as PodSpecLike;
  if (obj.kind === 'CronJob') return obj.spec?.jobTemplate?.spec?.template?.spec as PodSpecLike;
  return obj.spec?.template?.spec as PodSpecLike;
}

/**
 * The object (`pods`, `jobs.batch`, `deployments.apps`...) keeps its Pods on nodes labelled
 * `key` with a value in `allowed`, so that a re-created Pod lands there again.
 */
export function keptOnNodes(label: string, resource: string, name: string, key: string, allowed: readonly string[], namespace = 'default'): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const obj = cluster.tryGet(resource, namespace, name);
      if (!obj) return { passed: false, detail: `${resource.split('.')[0]!.replace(/s$/, '')} "${name}" does not exist` };
      const problem = restrictionProblem(podSpecOf(obj), key, allowed);
      return problem === undefined ? { passed: true } : { passed: false, detail: problem };
    },
  };
}
