/**
 * The part of deployment_util.go kubectl carries itself (kubectl/pkg/util/deployment): a
 * Deployment's revision annotation, which of its ReplicaSets is the new one (same template
 * apart from the pod-template-hash label) and which are old. The Deployment controller has its
 * own copy in the simulator, as the controller manager has in Kubernetes.
 */
import type { KubeObject, OwnerReference } from '../../../sim/index.ts';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/** Annotations of the Deployment machinery that a rollback never copies back. */
export const SKIPPED_ANNOTATIONS: ReadonlySet<string> = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION_ANNOTATION,
  'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to',
]);

/** The controlling owner reference of `obj` (metav1.GetControllerOf). */
export function controllerRefOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/** The revision of a ReplicaSet or Deployment (0 when absent or unparsable). */
export function revisionOf(obj: KubeObject): number {
  const v = obj.metadata.annotations?.[REVISION_ANNOTATION];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) ? n : 0;
}

/** JSON with object keys sorted, so key order never makes two templates differ. */
function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return '[' + v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',') + ']';
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson(o[k])).join(',') + '}';
}

function withoutHash(template: unknown): unknown {
  const t = (template ?? {}) as { metadata?: { labels?: Record<string, string> } };
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** Whether two pod templates are equal apart from the pod-template-hash label (EqualIgnoreHash). */
export function equalIgnoreHash(a: unknown, b: unknown): boolean {
  return canonicalJson(withoutHash(a)) === canonicalJson(withoutHash(b));
}

function created(rs: KubeObject): number {
  return Date.parse(rs.metadata.creationTimestamp ?? '') || 0;
}

/** Oldest first, ties by name (ReplicaSetsByCreationTimestamp). */
function byCreation(a: KubeObject, b: KubeObject): number {
  return created(a) - created(b) || (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0);
}

/** The oldest ReplicaSet whose template equals the Deployment's (FindNewReplicaSet). */
export function findNewReplicaSet(d: KubeObject, rss: readonly KubeObject[]): KubeObject | undefined {
  return [...rss].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** Every ReplicaSet but the new one. */
export function findOldReplicaSets(d: KubeObject, rss: readonly KubeObject[]): KubeObject[] {
  const fresh = findNewReplicaSet(d, rss);
  return rss.filter((rs) => rs !== fresh);
}
