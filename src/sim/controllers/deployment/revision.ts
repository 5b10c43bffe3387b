/**
 * Revisions and the annotations a Deployment keeps on its ReplicaSets (deployment_util.go):
 *   deployment.kubernetes.io/revision          "N", on the Deployment and each ReplicaSet
 *   deployment.kubernetes.io/revision-history  earlier revisions of a re-used ReplicaSet
 *   deployment.kubernetes.io/desired-replicas  spec.replicas when the RS was last scaled
 *   deployment.kubernetes.io/max-replicas      spec.replicas + maxSurge at that moment
 * Other Deployment annotations (kubernetes.io/change-cause above all) are copied to the new
 * ReplicaSet, which is where `kubectl rollout history` reads CHANGE-CAUSE from. Old
 * ReplicaSets scaled to 0 beyond spec.revisionHistoryLimit are deleted, lowest revision first.
 */
import type { KubeObject } from '../../api/types.ts';
import type { ApiServer } from '../../apiserver/api-server.ts';
import { REVISION_ANNOTATION, byRevision, revisionOf, specReplicas } from './replica-sets.ts';

export { REVISION_ANNOTATION } from './replica-sets.ts';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** Longest revision-history annotation value kept (maxRevHistoryLengthInChars). */
const MAX_REVISION_HISTORY_CHARS = 2000;

/** Annotations that belong to the Deployment machinery and are never copied between objects. */
export const SKIPPED_ANNOTATIONS: ReadonlySet<string> = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

type Annotated = { metadata: { annotations?: Record<string, string> } };

function annotationsOf(o: Annotated): Record<string, string> {
  return (o.metadata.annotations ??= {});
}

/** Copies the Deployment's own annotations onto `rs` (mutable); true when something changed. */
export function copyDeploymentAnnotations(d: KubeObject, rs: Annotated): boolean {
  const ann = annotationsOf(rs);
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (SKIPPED_ANNOTATIONS.has(k) || ann[k] === v) continue;
    ann[k] = v;
    changed = true;
  }
  return changed;
}

/** Sets desired-replicas / max-replicas on `rs` (mutable); true when they changed. */
export function setReplicasAnnotations(rs: Annotated, desired: number, max: number): boolean {
  const ann = annotationsOf(rs);
  let changed = false;
  if (ann[DESIRED_REPLICAS_ANNOTATION] !== String(desired)) {
    ann[DESIRED_REPLICAS_ANNOTATION] = String(desired);
    changed = true;
  }
  if (ann[MAX_REPLICAS_ANNOTATION] !== String(max)) {
    ann[MAX_REPLICAS_ANNOTATION] = String(max);
    changed = true;
  }
  return changed;
}

/** Whether desired-replicas / max-replicas on `rs` differ from these values. */
export function replicasAnnotationsNeedUpdate(rs: KubeObject, desired: number, max: number): boolean {
  const ann = rs.metadata.annotations ?? {};
  return ann[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || ann[MAX_REPLICAS_ANNOTATION] !== String(max);
}

function intAnnotation(rs: KubeObject, key: string): number | undefined {
  const v = rs.metadata.annotations?.[key];
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
}

/** The desired-replicas annotation, if present and numeric. */
export function desiredReplicasAnnotation(rs: KubeObject): number | undefined {
  return intAnnotation(rs, DESIRED_REPLICAS_ANNOTATION);
}

/** The max-replicas annotation, if present and numeric. */
export function maxReplicasAnnotation(rs: KubeObject): number | undefined {
  return intAnnotation(rs, MAX_REPLICAS_ANNOTATION);
}

/**
 * Annotations of the new ReplicaSet (SetNewReplicaSetAnnotations), on a mutable `rs`: the
 * Deployment's annotations, the revision raised to `newRevision` when lower (a re-used
 * ReplicaSet keeps its previous numbers in revision-history), and, for one about to be
 * created (`exists` false), desired/max replicas. True when something changed.
 */
export function setNewReplicaSetAnnotations(d: KubeObject, rs: Annotated, newRevision: number, exists: boolean, max: number): boolean {
  let changed = copyDeploymentAnnotations(d, rs);
  const ann = annotationsOf(rs);
  const had = Object.prototype.hasOwnProperty.call(ann, REVISION_ANNOTATION);
  const oldText = ann[REVISION_ANNOTATION] ?? '';
  let oldRevision = Number(oldText);
  if (oldText !== '' && !Number.isInteger(oldRevision)) return false;
  if (oldText === '') oldRevision = 0;
  if (oldRevision < newRevision) {
    ann[REVISION_ANNOTATION] = String(newRevision);
    changed = true;
    if (had) {
      const history = ann[REVISION_HISTORY_ANNOTATION] ?? '';
      if (!history) ann[REVISION_HISTORY_ANNOTATION] = oldText;
      else {
        const parts = history.split(',');
        let total = history.length + oldText.length + 1;
        while (total > MAX_REVISION_HISTORY_CHARS && parts.length) total -= parts.shift()!.length + 1;
        if (total <= MAX_REVISION_HISTORY_CHARS) ann[REVISION_HISTORY_ANNOTATION] = [...parts, oldText].join(',');
      }
    }
  }
  if (!exists && setReplicasAnnotations(rs, Number(d.spec?.replicas ?? 1), max)) changed = true;
  return changed;
}

/** Sets the Deployment's revision annotation (mutable `d`); true when it changed. */
export function setDeploymentRevision(d: Annotated, revision: number): boolean {
  const ann = annotationsOf(d);
  if (ann[REVISION_ANNOTATION] === String(revision)) return false;
  ann[REVISION_ANNOTATION] = String(revision);
  return true;
}

/**
 * Deletes old ReplicaSets beyond spec.revisionHistoryLimit (cleanupDeployment), lowest
 * revision first, skipping any that still has Pods, is not fully observed or is already
 * being deleted.
 */
export function cleanupOldReplicaSets(api: ApiServer, d: KubeObject, oldRSs: readonly KubeObject[]): void {
  const limit = d.spec?.revisionHistoryLimit;
  if (limit === undefined || limit === null) return;
  const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp).sort(byRevision);
  const diff = cleanable.length - Number(limit);
  for (let i = 0; i < diff; i++) {
    const rs = cleanable[i]!;
    const observed = Number(rs.status?.observedGeneration ?? 0);
    if (Number(rs.status?.replicas ?? 0) !== 0 || specReplicas(rs) !== 0 || (rs.metadata.generation ?? 0) > observed) continue;
    try {
      api.delete('replicasets.apps', rs.metadata.namespace, rs.metadata.name!);
    } catch {
      // Already gone: nothing to clean.
    }
  }
}

/** Revision numbers of a ReplicaSet, oldest first: revision-history then revision. */
export function revisionsOf(rs: KubeObject): number[] {
  const hist = rs.metadata.annotations?.[REVISION_HISTORY_ANNOTATION];
  const past = hist ? hist.split(',').map(Number).filter(Number.isInteger) : [];
  return [...past, revisionOf(rs)];
}
