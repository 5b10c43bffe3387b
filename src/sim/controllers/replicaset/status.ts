/**
 * ReplicaSet status, computed purely from the ReplicaSet and the active Pods it controls
 * (replica_set_utils.go calculateStatus). The controller writes the result only when it
 * differs from what is stored.
 *
 * Shape written (zero counts other than `replicas` are omitted, as the Go omitempty tags do):
 *   { replicas: 3, fullyLabeledReplicas: 3, readyReplicas: 3, availableReplicas: 3,
 *     observedGeneration: 1, conditions?: [{ type: 'ReplicaFailure', ... }] }
 */
import { isoTime, type KubeObject } from '../../api/types.ts';
import { isPodAvailable, isPodReady } from '../shared/pod-conditions.ts';

export interface ReplicaSetCondition {
  type: string;
  status: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

/** A failed create or delete during the sync that produced this status. */
export interface ManageReplicasError {
  message: string;
}

/** What the status counts (all over the active Pods the ReplicaSet claims). */
export interface ReplicaCounts {
  replicas: number;
  fullyLabeled: number;
  ready: number;
  available: number;
}

function labelsInclude(pod: KubeObject, template: Record<string, string> | undefined): boolean {
  const have = pod.metadata.labels ?? {};
  for (const [k, v] of Object.entries(template ?? {})) if (have[k] !== v) return false;
  return true;
}

/**
 * Counts `rs`'s active, claimed Pods at time `now`:
 * - replicas: how many there are;
 * - fullyLabeled: those carrying every label of the pod template (a Pod may match the
 *   selector yet lack a template label someone removed);
 * - ready: Ready condition True;
 * - available: ready for at least spec.minReadySeconds.
 * The controller keeps the same counts incrementally (pod-tally.ts); this is the reference.
 */
export function countPods(rs: KubeObject, activePods: readonly KubeObject[], now: number): ReplicaCounts {
  const minReady = Number(rs.spec?.minReadySeconds ?? 0);
  const templateLabels = rs.spec?.template?.metadata?.labels as Record<string, string> | undefined;
  const c: ReplicaCounts = { replicas: activePods.length, fullyLabeled: 0, ready: 0, available: 0 };
  for (const p of activePods) {
    if (labelsInclude(p, templateLabels)) c.fullyLabeled++;
    if (isPodReady(p)) {
      c.ready++;
      if (isPodAvailable(p, minReady, now)) c.available++;
    }
  }
  return c;
}

/**
 * The status for `rs` from its Pod counts: the counts, observedGeneration (the ReplicaSet's
 * generation), and a `ReplicaFailure` condition (FailedCreate / FailedDelete) while creating
 * or deleting Pods fails, removed once a sync succeeds; an existing one is kept as is.
 */
export function calculateStatus(rs: KubeObject, counts: ReplicaCounts, now: number, manageErr?: ManageReplicasError): ReplicaSetStatus {
  let conditions = ((rs.status?.conditions ?? []) as ReplicaSetCondition[]).map((c) => ({ ...c }));
  const failure = conditions.find((c) => c.type === 'ReplicaFailure');
  if (manageErr && !failure) {
    const diff = counts.replicas - Number(rs.spec?.replicas ?? 1);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push({ type: 'ReplicaFailure', status: 'True', lastTransitionTime: isoTime(now), reason, message: manageErr.message });
  } else if (!manageErr && failure) {
    conditions = conditions.filter((c) => c.type !== 'ReplicaFailure');
  }
  const status: ReplicaSetStatus = { replicas: counts.replicas };
  if (counts.fullyLabeled) status.fullyLabeledReplicas = counts.fullyLabeled;
  if (counts.ready) status.readyReplicas = counts.ready;
  if (counts.available) status.availableReplicas = counts.available;
  if (rs.metadata.generation) status.observedGeneration = rs.metadata.generation;
  if (conditions.length) status.conditions = conditions;
  return status;
}
