/**
 * NodeAffinity: spec.nodeSelector (every label must match) and required node affinity
 * (nodeSelectorTerms are ORed; inside a term, matchExpressions and matchFields are ANDed;
 * an empty term matches nothing). Preferred affinity only scores and is ignored here.
 */
import type { KubeObject } from '../../api/types.ts';
import { OK, unresolvable, type FilterPlugin } from './types.ts';

interface Requirement {
  key: string;
  operator: string;
  values?: string[];
}

interface Term {
  matchExpressions?: Requirement[];
  matchFields?: Requirement[];
}

function matchRequirement(r: Requirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1) return false;
      const a = Number.parseInt(value, 10);
      const b = Number.parseInt(values[0]!, 10);
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** Whether a node satisfies one nodeSelectorTerm. */
export function matchTerm(term: Term, node: KubeObject): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (!exprs.length && !fields.length) return false;
  const labels = node.metadata.labels ?? {};
  if (!exprs.every((r) => matchRequirement(r, labels[r.key]))) return false;
  return fields.every((r) => r.key === 'metadata.name' && matchRequirement(r, node.metadata.name));
}

/** Whether `node` satisfies the Pod's nodeSelector and required node affinity. */
export function podMatchesNode(pod: KubeObject, node: KubeObject): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries((pod.spec?.nodeSelector ?? {}) as Record<string, string>)) {
    if (labels[k] !== v) return false;
  }
  const terms: Term[] | undefined =
    pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms && !terms.some((t) => matchTerm(t, node))) return false;
  return true;
}

export const nodeAffinity: FilterPlugin = {
  name: 'NodeAffinity',
  filter(pod, { node }) {
    return podMatchesNode(pod, node) ? OK : unresolvable("node(s) didn't match Pod's node affinity/selector");
  },
};
