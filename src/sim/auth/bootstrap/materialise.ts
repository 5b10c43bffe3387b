/**
 * Writes the bootstrap RBAC policy of a kind cluster into its store: the API server's roles and
 * bindings, kubeadm's and kind's, each created when the cluster's history says (the cluster's
 * start, kubeadm's phases, the addons). The simulator keeps them in reserve until a request
 * needs them (bootstrap-policy.ts), so they take the resourceVersions current at that moment;
 * their uids come from a generator of their own, so the cluster's random draws stay as they
 * were. Aggregated roles (admin, edit, view) then get their rules as the aggregation controller
 * would give them.
 */
import { isoTime, type KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { Random } from '../../clock/random.ts';
import { aggregatedRules, CLUSTER_ROLES, sameRules } from '../clusterrole-aggregation.ts';
import { CLUSTER_ROLES as BOOTSTRAP_CLUSTER_ROLES, type RoleSpec } from './cluster-roles.ts';
import { CLUSTER_ROLE_BINDINGS, CONTROLLER_ROLE_BINDINGS } from './cluster-role-bindings.ts';
import { CONTROLLER_ROLES } from './controller-roles.ts';
import { KIND_BINDINGS, KIND_ROLES } from './kind-rbac.ts';
import { NAMESPACE_ROLE_BINDINGS, NAMESPACE_ROLES } from './namespace-policy.ts';
import type { BindingSpec } from './subjects.ts';

const GROUP = 'rbac.authorization.k8s.io';
const API_VERSION = `${GROUP}/v1`;
const ROLES = `roles.${GROUP}`;
const ROLE_BINDINGS = `rolebindings.${GROUP}`;
const CLUSTER_ROLE_BINDINGS_KEY = `clusterrolebindings.${GROUP}`;

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The label and annotation every object of the API server's policy carries. */
function policyMeta(name: string, namespace: string | undefined, labels: Record<string, string> = {}): Obj {
  return {
    annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', ...labels },
    name,
    ...(namespace ? { namespace } : {}),
  };
}

function roleObject(kind: 'ClusterRole' | 'Role', spec: RoleSpec, metadata: Obj): Obj {
  const obj: Obj = {};
  if (spec.aggregates) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [spec.aggregates]: 'true' } }] };
  Object.assign(obj, { apiVersion: API_VERSION, kind, metadata });
  if (spec.rules) obj.rules = copy(spec.rules);
  return obj;
}

function bindingObject(kind: 'ClusterRoleBinding' | 'RoleBinding', spec: BindingSpec, metadata: Obj): Obj {
  const obj: Obj = {
    apiVersion: API_VERSION,
    kind,
    metadata,
    roleRef: { apiGroup: GROUP, kind: spec.role ? 'Role' : 'ClusterRole', name: spec.roleName ?? spec.name },
  };
  if (spec.subjects) obj.subjects = copy(spec.subjects);
  return obj;
}

interface Planned {
  resource: string;
  at: number;
  obj: Obj;
}

/** Every object, in the order the cluster created them (stable within one instant). */
export function bootstrapObjects(t0: number): Planned[] {
  const out: Planned[] = [];
  const add = (resource: string, at: number, obj: Obj) => out.push({ resource, at: t0 + at, obj });
  for (const r of BOOTSTRAP_CLUSTER_ROLES) add(CLUSTER_ROLES, 0, roleObject('ClusterRole', r, policyMeta(r.name, undefined, r.labels)));
  for (const r of CONTROLLER_ROLES) {
    const name = `system:controller:${r.name}`;
    add(CLUSTER_ROLES, 0, roleObject('ClusterRole', r, policyMeta(name, undefined)));
  }
  for (const b of [...CLUSTER_ROLE_BINDINGS, ...CONTROLLER_ROLE_BINDINGS])
    add(CLUSTER_ROLE_BINDINGS_KEY, 0, bindingObject('ClusterRoleBinding', b, policyMeta(b.name, undefined)));
  for (const [ns, roles] of Object.entries(NAMESPACE_ROLES)) for (const r of roles) add(ROLES, 0, roleObject('Role', r, policyMeta(r.name, ns)));
  for (const [ns, bindings] of Object.entries(NAMESPACE_ROLE_BINDINGS))
    for (const b of bindings) add(ROLE_BINDINGS, 0, bindingObject('RoleBinding', b, policyMeta(b.name, ns)));
  for (const r of KIND_ROLES) {
    const md = { name: r.name, ...(r.namespace ? { namespace: r.namespace } : {}) };
    add(r.namespace ? ROLES : CLUSTER_ROLES, r.at, roleObject(r.namespace ? 'Role' : 'ClusterRole', { name: r.name, rules: r.rules }, md));
  }
  for (const b of KIND_BINDINGS) {
    const md = { name: b.name, ...(b.namespace ? { namespace: b.namespace } : {}) };
    add(b.namespace ? ROLE_BINDINGS : CLUSTER_ROLE_BINDINGS_KEY, b.at, bindingObject(b.namespace ? 'RoleBinding' : 'ClusterRoleBinding', b, md));
  }
  return out
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.at - b.p.at || a.i - b.i)
    .map(({ p }) => p);
}

/** A 32-bit FNV-1a hash: the policy's uid generator is seeded from the cluster's own kube-system uid. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Writes the policy into `cluster`'s store; objects a learner already made under the same name stay as they are. */
export function materialiseBootstrapPolicy(cluster: Cluster, t0: number): void {
  const store = cluster.store;
  const random = new Random(fnv1a(`rbac-bootstrap/${store.get('namespaces', '', 'kube-system')?.metadata.uid ?? ''}`));
  for (const { resource, at, obj } of bootstrapObjects(t0)) {
    const uid = random.uuid();
    if (store.get(resource, obj.metadata.namespace ?? '', obj.metadata.name)) continue;
    obj.metadata = { creationTimestamp: isoTime(at), ...obj.metadata, uid };
    store.put(resource, obj as KubeObject);
  }
  // The aggregation controller's work, until nothing changes (edit aggregates view, admin edit).
  for (let pass = 0; pass < 5; pass++) {
    let changed = false;
    for (const role of store.list(CLUSTER_ROLES)) {
      if (!(role as Obj).aggregationRule) continue;
      const rules = aggregatedRules(role, store.list(CLUSTER_ROLES));
      if (sameRules(role, rules)) continue;
      const next: Obj = copy(role);
      delete next.metadata.resourceVersion;
      if (rules) next.rules = rules;
      else delete next.rules;
      store.put(CLUSTER_ROLES, next as KubeObject);
      changed = true;
    }
    if (!changed) break;
  }
}
