/**
 * `describe role|clusterrole|rolebinding|clusterrolebinding` (describe.go RoleDescriber,
 * ClusterRoleDescriber, RoleBindingDescriber, ClusterRoleBindingDescriber). A role's rules are
 * broken down into one rule per group, resource, verb (and resource name) or per URL and verb
 * (rbac.BreakdownRule), the ones on a single group and resource merged again with their verbs
 * in order (rbac.CompactRules), and sorted by the text Go's PolicyRule.String() gives them,
 * which starts with the verbs (rbac.SortableRuleSlice). Resources print as `resource.group/sub`
 * (CombineResourceGroup), lists as Go's `%v` does. Bindings show the role and a table of
 * subjects. Neither shows events.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, labelItems, multiline, registerDescriber } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
  verbs?: string[];
}

/** rbac.BreakdownRule: one rule per group x resource x verb (x name), then per URL x verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs ?? []) {
        if (rule.resourceNames?.length) {
          for (const name of rule.resourceNames) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        } else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs ?? []) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

/** rbac.CompactRules: rules on one group and one resource (and at most one name) merged, their verbs appended; the merged ones after the rest. */
export function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = (r.resourceNames?.length ?? 0) <= 1 && !r.nonResourceURLs?.length && r.apiGroups?.length === 1 && r.resources?.length === 1;
    if (!isSimple) {
      compacted.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const have = simple.get(key);
    if (have) have.verbs = [...(have.verbs ?? []), ...(r.verbs ?? [])];
    else simple.set(key, { ...r, verbs: [...(r.verbs ?? [])] });
  }
  return [...compacted, ...simple.values()];
}

const goList = (v: string[] | undefined) => `[${(v ?? []).join(' ')}]`;

/** PolicyRule.String(), the key rules are sorted by. */
export function policyRuleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goList(r.verbs)},APIGroups:${goList(r.apiGroups)},Resources:${goList(r.resources)},ResourceNames:${goList(r.resourceNames)},NonResourceURLs:${goList(r.nonResourceURLs)},}`;
}

/** CombineResourceGroup: `deployments.apps/scale`; empty for a non-resource rule. */
export function combineResourceGroup(resources: string[] | undefined, groups: string[] | undefined): string {
  if (!resources?.length) return '';
  const [base, sub] = resources[0]!.split(/\/(.*)/s, 2) as [string, string | undefined];
  let out = base;
  if (groups?.length && groups[0] !== '') out += `.${groups[0]}`;
  if (sub !== undefined) out += `/${sub}`;
  return out;
}

/** The PolicyRule table rows of `rules`, in kubectl's order. */
export function policyRuleRows(rules: PolicyRule[]): PolicyRule[] {
  const rows = compactRules(rules.flatMap(breakdownRule));
  const keyed = rows.map((r) => ({ r, k: policyRuleString(r) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map(({ r }) => r);
}

function header(w: PrefixWriter, obj: KubeObject): void {
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  multiline(w, 0, 'Labels', labelItems(obj.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(obj.metadata.annotations));
}

/** `kubectl describe role|clusterrole NAME`. */
export function describeRole(role: KubeObject): string {
  const w = new PrefixWriter();
  header(w, role);
  w.write(0, 'PolicyRule:\n');
  w.write(1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(1, '---------\t-----------------\t--------------\t-----\n');
  for (const r of policyRuleRows((role.rules ?? []) as PolicyRule[])) {
    w.write(1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`);
  }
  return w.toString();
}

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

/** `kubectl describe rolebinding|clusterrolebinding NAME`. */
export function describeBinding(binding: KubeObject): string {
  const w = new PrefixWriter();
  header(w, binding);
  const ref = (binding.roleRef ?? {}) as { kind?: string; name?: string };
  w.write(0, 'Role:\n');
  w.write(1, `Kind:\t${ref.kind ?? ''}\n`);
  w.write(1, `Name:\t${ref.name ?? ''}\n`);
  w.write(0, 'Subjects:\n');
  w.write(1, 'Kind\tName\tNamespace\n');
  w.write(1, '----\t----\t---------\n');
  for (const s of (binding.subjects ?? []) as Subject[]) w.write(1, `${s.kind ?? ''}\t${s.name ?? ''}\t${s.namespace ?? ''}\n`);
  return w.toString();
}

registerDescriber('roles.rbac.authorization.k8s.io', describeRole);
registerDescriber('clusterroles.rbac.authorization.k8s.io', describeRole);
registerDescriber('rolebindings.rbac.authorization.k8s.io', describeBinding);
registerDescriber('clusterrolebindings.rbac.authorization.k8s.io', describeBinding);
