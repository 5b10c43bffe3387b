/**
 * Rollback and history, which kubectl 1.32 does on the client side (kubectl's
 * polymorphichelpers rollback.go / history.go): `rollout undo` copies an old ReplicaSet's pod
 * template (minus pod-template-hash) and annotations back into the Deployment, and the
 * Deployment controller then finds that ReplicaSet as the new one again (same template, same
 * hash) and gives it the next revision. These pure helpers do the reading and planning;
 * kubectl writes the result.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { CHANGE_CAUSE_ANNOTATION, controllerRefOf, equalIgnoreHash, POD_TEMPLATE_HASH_LABEL, revisionOf, SKIPPED_ANNOTATIONS } from './deployment-util.ts';

/** One line of `kubectl rollout history`. */
export interface RolloutRevision {
  revision: number;
  /** kubernetes.io/change-cause of the ReplicaSet, if any. */
  changeCause: string | undefined;
  replicaSet: KubeObject;
  /** The ReplicaSet's pod template, with the change-cause added to its annotations as kubectl shows it. */
  template: KubeObject['spec'];
}

/** The ReplicaSets `deployment` controls, out of `replicaSets` (any list of the namespace). */
export function ownedReplicaSets(deployment: KubeObject, replicaSets: readonly KubeObject[]): KubeObject[] {
  return replicaSets.filter((rs) => controllerRefOf(rs)?.uid === deployment.metadata.uid);
}

/** Revisions of the Deployment, lowest first (a later ReplicaSet wins a duplicate revision). */
export function rolloutHistory(deployment: KubeObject, replicaSets: readonly KubeObject[]): RolloutRevision[] {
  const byRevision = new Map<number, RolloutRevision>();
  for (const rs of ownedReplicaSets(deployment, replicaSets)) {
    const revision = revisionOf(rs);
    const changeCause = rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] || undefined;
    const template = clone(rs.spec?.template ?? {});
    template.metadata ??= {};
    if (changeCause) template.metadata.annotations = { ...(template.metadata.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: changeCause };
    byRevision.set(revision, { revision, changeCause, replicaSet: rs, template });
  }
  return [...byRevision.values()].sort((a, b) => a.revision - b.revision);
}

/** What `kubectl rollout undo` should do. */
export type RollbackPlan =
  | { kind: 'error'; message: string }
  /** `deployment.apps/web skipped rollback (current template already matches revision N)` */
  | { kind: 'skipped'; revision: number }
  /** Replace spec.template and metadata.annotations with these (a JSON patch in kubectl). */
  | { kind: 'rollback'; revision: number; template: KubeObject['spec']; annotations: Record<string, string> };

/**
 * Plans a rollback to `toRevision` (0 = the revision before the latest). Errors are worded as
 * kubectl prints them after `error: `.
 */
export function planRollback(deployment: KubeObject, replicaSets: readonly KubeObject[], toRevision = 0): RollbackPlan {
  if (deployment.spec?.paused) {
    return { kind: 'error', message: "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again" };
  }
  const owned = ownedReplicaSets(deployment, replicaSets);
  let target: KubeObject | undefined;
  if (toRevision > 0) {
    target = owned.find((rs) => revisionOf(rs) === toRevision);
    if (!target) return { kind: 'error', message: `unable to find specified revision ${toRevision} in history` };
  } else {
    let latest = -1;
    let previous = -1;
    let latestRS: KubeObject | undefined;
    for (const rs of owned) {
      const v = revisionOf(rs);
      if (latest < v) {
        previous = latest;
        target = latestRS;
        latest = v;
        latestRS = rs;
      } else if (previous < v) {
        previous = v;
        target = rs;
      }
    }
    if (!target) return { kind: 'error', message: `no rollout history found for deployment "${deployment.metadata.name}"` };
  }
  const revision = revisionOf(target);
  if (equalIgnoreHash(target.spec?.template, deployment.spec?.template)) return { kind: 'skipped', revision };
  const template = clone(target.spec?.template ?? {});
  if (template.metadata?.labels) {
    delete template.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  }
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(deployment.metadata.annotations ?? {})) if (SKIPPED_ANNOTATIONS.has(k)) annotations[k] = v;
  for (const [k, v] of Object.entries(target.metadata.annotations ?? {})) if (!SKIPPED_ANNOTATIONS.has(k)) annotations[k] = v;
  return { kind: 'rollback', revision, template, annotations };
}

/** Applies a `rollback` plan to a mutable Deployment copy (what kubectl's JSON patch does). */
export function applyRollback(deployment: KubeObject, plan: Extract<RollbackPlan, { kind: 'rollback' }>): void {
  deployment.spec.template = clone(plan.template);
  deployment.metadata.annotations = { ...plan.annotations };
}
