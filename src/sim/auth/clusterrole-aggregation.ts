/**
 * ClusterRole aggregation (kube-controller-manager's clusterrole-aggregation controller,
 * pkg/controller/clusterroleaggregation): a ClusterRole with an `aggregationRule` gets as its
 * rules those of every other ClusterRole its selectors match, taken in name order, each rule once.
 * The controller recomputes every aggregated role on any ClusterRole change and writes the ones
 * whose rules differ, so a learner's role labelled `rbac.authorization.k8s.io/aggregate-to-view:
 * "true"` extends view (and, through view's own label, edit and admin).
 */
import type { KubeObject } from '../api/types.ts';
import { matches, selectorFromSpec, type LabelSelectorSpec } from '../api/labels.ts';
import type { Cluster } from '../cluster.ts';
import type { Controller } from '../runtime/controller.ts';

export const CLUSTER_ROLES = 'clusterroles.rbac.authorization.k8s.io';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Rule = Record<string, any>;

/** A rule with empty lists dropped, as Go's semantic equality compares nil and empty alike. */
function ruleKey(r: Rule): string {
  const out: Rule = {};
  for (const k of Object.keys(r).sort()) if (!(Array.isArray(r[k]) && r[k].length === 0)) out[k] = r[k];
  return JSON.stringify(out);
}

/** The rules `role` aggregates from `all` (the cluster's ClusterRoles), or undefined when it aggregates nothing. */
export function aggregatedRules(role: KubeObject, all: readonly KubeObject[]): Rule[] | undefined {
  const selectors = ((role as Rule).aggregationRule?.clusterRoleSelectors ?? []) as LabelSelectorSpec[];
  const picked = new Map<string, KubeObject>();
  for (const spec of selectors) {
    let sel;
    try {
      sel = selectorFromSpec(spec);
    } catch {
      continue;
    }
    for (const cr of all) if (!sel.nothing && matches(sel, cr.metadata.labels)) picked.set(cr.metadata.name!, cr);
  }
  const rules: Rule[] = [];
  const seen = new Set<string>();
  for (const name of [...picked.keys()].sort()) {
    if (name === role.metadata.name) continue;
    for (const r of ((picked.get(name) as Rule).rules ?? []) as Rule[]) {
      const k = ruleKey(r);
      if (seen.has(k)) continue;
      seen.add(k);
      rules.push(JSON.parse(JSON.stringify(r)) as Rule);
    }
  }
  return rules.length ? rules : undefined;
}

/** Whether `role`'s stored rules already are `rules`. */
export function sameRules(role: KubeObject, rules: Rule[] | undefined): boolean {
  const have = ((role as Rule).rules ?? []) as Rule[];
  const want = rules ?? [];
  return have.length === want.length && have.every((r, i) => ruleKey(r) === ruleKey(want[i]!));
}

/** The controller: every ClusterRole change requeues each aggregated role. */
export function clusterRoleAggregationController(cluster: Cluster): Controller {
  const aggregated = () => cluster.store.list(CLUSTER_ROLES).filter((r) => (r as Rule).aggregationRule);
  return {
    name: 'clusterrole-aggregation-controller',
    watches: [{ resource: CLUSTER_ROLES, keys: () => aggregated().map((r) => r.metadata.name!) }],
    initialKeys: () => aggregated().map((r) => r.metadata.name!),
    reconcile(name) {
      const role = cluster.store.get(CLUSTER_ROLES, '', name);
      if (!role || !(role as Rule).aggregationRule) return;
      const rules = aggregatedRules(role, cluster.store.list(CLUSTER_ROLES));
      if (sameRules(role, rules)) return;
      cluster.api.modify(CLUSTER_ROLES, undefined, name, (o) => {
        if (rules) (o as Rule).rules = rules;
        else delete (o as Rule).rules;
      });
    },
  };
}
