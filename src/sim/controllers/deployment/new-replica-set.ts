/**
 * Finding or creating the Deployment's new ReplicaSet (sync.go getNewReplicaSet).
 *
 * The new ReplicaSet is the one whose template equals the Deployment's; its name is
 * `<deployment>-<pod-template-hash>` and the hash also goes into its selector and template
 * labels, which keeps its Pods apart from every other revision's. If that name is taken by a
 * ReplicaSet with a different template (a hash collision), status.collisionCount is bumped and
 * the next sync hashes again with it.
 */
import { ApiError } from '../../api/errors.ts';
import { clone, type KubeObject } from '../../api/types.ts';
import { newControllerRef, controllerRefOf } from '../shared/controller-ref.ts';
import { POD_TEMPLATE_HASH_LABEL, computePodTemplateHash } from '../shared/pod-template-hash.ts';
import { type DeploymentContext, REPLICASETS, recordEvent, replaceReplicaSet, writeDeploymentStatus } from './context.ts';
import { desiredReplicas, isRollingUpdate, maxSurge, scaledValue } from './fenceposts.ts';
import { REASONS, getCondition, hasProgressDeadline, newCondition, setCondition } from './progress.ts';
import { equalIgnoreHash, findNewReplicaSet, maxRevision, specReplicas, sumSpecReplicas } from './replica-sets.ts';
import { setDeploymentRevision, setNewReplicaSetAnnotations } from './revision.ts';

/**
 * Replicas the new ReplicaSet should have now (NewRSNewReplicas). Rolling update: as many as
 * fit under spec.replicas + maxSurge, never more than spec.replicas. Example: 3 replicas,
 * surge 1, old RS at 3, new at 0 -> 4 allowed, 3 exist, new RS goes to 1. Recreate: all.
 */
export function newRSNewReplicas(d: KubeObject, allRSs: readonly KubeObject[], newRS: KubeObject): number {
  const want = desiredReplicas(d);
  if (!isRollingUpdate(d)) return want;
  const surge = scaledValue(d.spec?.strategy?.rollingUpdate?.maxSurge ?? '25%', want, true) ?? 0;
  const current = sumSpecReplicas(allRSs);
  const maxTotal = want + surge;
  if (current >= maxTotal) return specReplicas(newRS);
  return specReplicas(newRS) + Math.min(maxTotal - current, want - specReplicas(newRS));
}

export interface ReplicaSetsView {
  newRS: KubeObject | undefined;
  /** Every ReplicaSet but the new one (FindOldReplicaSets' allOldRSs). */
  oldRSs: KubeObject[];
}

/**
 * The new and old ReplicaSets, bringing the new one's annotations and the Deployment's
 * revision up to date; creates the new ReplicaSet when `create` is set and none exists.
 */
export function getAllReplicaSetsAndSyncRevision(ctx: DeploymentContext, create: boolean): ReplicaSetsView {
  const existing = findNewReplicaSet(ctx.d, ctx.rsList);
  const oldRSs = ctx.rsList.filter((rs) => rs !== existing);
  const newRS = getNewReplicaSet(ctx, existing, oldRSs, create);
  return { newRS, oldRSs: ctx.rsList.filter((rs) => rs.metadata.uid !== newRS?.metadata.uid) };
}

function getNewReplicaSet(ctx: DeploymentContext, existing: KubeObject | undefined, oldRSs: KubeObject[], create: boolean): KubeObject | undefined {
  const d = ctx.d;
  const newRevision = maxRevision(oldRSs) + 1;
  const max = desiredReplicas(d) + maxSurge(d);
  if (existing) {
    const copy = clone(existing);
    const annotationsChanged = setNewReplicaSetAnnotations(d, copy, newRevision, true, max);
    const minReady = d.spec?.minReadySeconds ?? 0;
    if (annotationsChanged || (copy.spec?.minReadySeconds ?? 0) !== minReady) {
      if (minReady) copy.spec.minReadySeconds = minReady;
      else delete copy.spec.minReadySeconds;
      delete copy.metadata.resourceVersion;
      const updated = ctx.api.update(REPLICASETS, copy).object;
      replaceReplicaSet(ctx, updated);
      return updated;
    }
    let needsUpdate = setDeploymentRevision(d, Number(copy.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0));
    if (hasProgressDeadline(d) && !getCondition(d.status, 'Progressing')) {
      setCondition((d.status ??= {}), newCondition('Progressing', 'True', REASONS.foundNewRS, `Found new replica set "${copy.metadata.name}"`, ctx.now));
      needsUpdate = true;
    }
    if (needsUpdate) writeDeploymentStatus(ctx);
    return existing;
  }
  if (!create) return undefined;

  const collisionCount = d.status?.collisionCount as number | undefined;
  const hash = computePodTemplateHash(d.spec.template, collisionCount);
  const template = clone(d.spec.template);
  template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash } };
  const selector = clone(d.spec.selector ?? {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
  const rs: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      labels: clone(template.metadata.labels),
      ownerReferences: [newControllerRef(d)],
    },
    spec: { replicas: 0, selector, template },
  };
  if (d.spec.minReadySeconds) rs.spec.minReadySeconds = d.spec.minReadySeconds;
  rs.spec.replicas = newRSNewReplicas(d, [...oldRSs, rs], rs);
  setNewReplicaSetAnnotations(d, rs, newRevision, false, max);

  let created: KubeObject;
  let alreadyExisted = false;
  try {
    created = ctx.api.create(REPLICASETS, rs).object;
  } catch (err) {
    if (err instanceof ApiError && err.reason === 'AlreadyExists') {
      const found = ctx.api.tryGet(REPLICASETS, d.metadata.namespace, rs.metadata.name!);
      if (found && controllerRefOf(found)?.uid === d.metadata.uid && equalIgnoreHash(d.spec.template, found.spec?.template)) {
        created = found;
        alreadyExisted = true;
      } else {
        // A different template hashed to this name: hash again with a bumped collisionCount.
        (d.status ??= {}).collisionCount = (collisionCount ?? 0) + 1;
        writeDeploymentStatus(ctx);
        ctx.requeueAfter = 0;
        return undefined;
      }
    } else {
      const message = `Failed to create new replica set "${rs.metadata.name}": ${err instanceof Error ? err.message : String(err)}`;
      if (hasProgressDeadline(d)) {
        setCondition((d.status ??= {}), newCondition('Progressing', 'False', REASONS.failedRSCreate, message, ctx.now));
        writeDeploymentStatus(ctx);
      }
      recordEvent(ctx, 'Warning', REASONS.failedRSCreate, message);
      return undefined;
    }
  }
  replaceReplicaSet(ctx, created);
  if (!alreadyExisted && specReplicas(created) > 0) {
    recordEvent(ctx, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name} from 0 to ${specReplicas(created)}`);
  }
  let needsUpdate = setDeploymentRevision(ctx.d, newRevision);
  if (!alreadyExisted && hasProgressDeadline(ctx.d)) {
    setCondition((ctx.d.status ??= {}), newCondition('Progressing', 'True', REASONS.newRSCreated, `Created new replica set "${created.metadata.name}"`, ctx.now));
    needsUpdate = true;
  }
  if (needsUpdate) writeDeploymentStatus(ctx);
  return created;
}
