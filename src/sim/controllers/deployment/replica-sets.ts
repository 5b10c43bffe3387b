/**
 * Facts about a Deployment's ReplicaSets (deployment_util.go): which one is "new" (its
 * template equals the Deployment's, ignoring the pod-template-hash label), which are old,
 * their revisions and replica counts.
 */
import type { KubeObject } from '../../api/types.ts';
import { POD_TEMPLATE_HASH_LABEL, canonicalJson } from '../shared/pod-template-hash.ts';

/** Annotation holding the rollout revision on Deployments and their ReplicaSets. */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';

/** The revision of a ReplicaSet or Deployment (0 when absent or unparsable). */
export function revisionOf(obj: KubeObject): number {
  const v = obj.metadata.annotations?.[REVISION_ANNOTATION];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) ? n : 0;
}

/** The highest revision among `rss` (0 for none). */
export function maxRevision(rss: readonly KubeObject[]): number {
  let m = 0;
  for (const rs of rss) m = Math.max(m, revisionOf(rs));
  return m;
}

function withoutHash(template: unknown): unknown {
  const t = (template ?? {}) as { metadata?: { labels?: Record<string, string> } };
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** Canonical JSON of a template without its hash label, cached per (frozen, stored) template. */
const templateKeys = new WeakMap<object, string>();
function templateKey(template: unknown): string {
  const cacheable = typeof template === 'object' && template !== null && Object.isFrozen(template);
  const hit = cacheable ? templateKeys.get(template) : undefined;
  if (hit !== undefined) return hit;
  const key = canonicalJson(withoutHash(template));
  if (cacheable) templateKeys.set(template, key);
  return key;
}

/** Whether two pod templates are equal apart from the pod-template-hash label (EqualIgnoreHash). */
export function equalIgnoreHash(a: unknown, b: unknown): boolean {
  return templateKey(a) === templateKey(b);
}

/** spec.replicas of a ReplicaSet. */
export function specReplicas(rs: KubeObject | undefined): number {
  return rs ? Number(rs.spec?.replicas ?? 1) : 0;
}

/** Sum of spec.replicas (GetReplicaCountForReplicaSets). */
export function sumSpecReplicas(rss: readonly (KubeObject | undefined)[]): number {
  return rss.reduce((n, rs) => n + specReplicas(rs), 0);
}

/** Sum of a status counter (`replicas`, `readyReplicas`, `availableReplicas`). */
export function sumStatus(rss: readonly (KubeObject | undefined)[], field: 'replicas' | 'readyReplicas' | 'availableReplicas'): number {
  return rss.reduce((n, rs) => n + Number(rs?.status?.[field] ?? 0), 0);
}

/** ReplicaSets with spec.replicas > 0 (FilterActiveReplicaSets). */
export function activeReplicaSets(rss: readonly (KubeObject | undefined)[]): KubeObject[] {
  return rss.filter((rs): rs is KubeObject => !!rs && specReplicas(rs) > 0);
}

function created(rs: KubeObject): number {
  return Date.parse(rs.metadata.creationTimestamp ?? '') || 0;
}

/** Oldest first, ties by name (ReplicaSetsByCreationTimestamp). */
export function byCreation(a: KubeObject, b: KubeObject): number {
  return created(a) - created(b) || (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0);
}

/** Lowest revision first, ties by creation (ReplicaSetsByRevision). */
export function byRevision(a: KubeObject, b: KubeObject): number {
  return revisionOf(a) - revisionOf(b) || byCreation(a, b);
}

/** The ReplicaSet whose template matches the Deployment's (the oldest if several do). */
export function findNewReplicaSet(d: KubeObject, rss: readonly KubeObject[]): KubeObject | undefined {
  return [...rss].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** Every ReplicaSet but the new one. */
export function findOldReplicaSets(d: KubeObject, rss: readonly KubeObject[]): KubeObject[] {
  const fresh = findNewReplicaSet(d, rss);
  return rss.filter((rs) => rs !== fresh);
}
