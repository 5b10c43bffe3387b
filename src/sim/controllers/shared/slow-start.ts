/**
 * Kubernetes' slowStartBatch (pkg/controller): controllers that create many Pods at once do
 * it in batches of 1, 2, 4, 8, ... and stop after the first batch in which a creation failed,
 * so a failing API (a quota, the cluster's Pod budget, a bad template) costs one or a few
 * refused requests and FailedCreate events, not hundreds. Each sync creates at most
 * `MAX_CREATES_PER_SYNC` Pods (burstReplicas / MaxPodCreateDeletePerSync); the Pods' own
 * events bring the next sync for the rest.
 */

/** Most Pods a controller creates or deletes in one sync (500 in ReplicaSet, Job, DaemonSet and StatefulSet). */
export const MAX_CREATES_PER_SYNC = 500;

/**
 * Calls `create(i)` for i = 0..count-1 in slow-start batches (the first of `initial`); a
 * batch runs whole, and none starts after a batch with a failure (`create` returns false).
 * Returns how many succeeded.
 */
export function slowStartBatch(count: number, create: (i: number) => boolean, initial = 1): number {
  let done = 0;
  let ok = 0;
  for (let size = Math.min(Math.max(1, initial), count); done < count; size = Math.min(size * 2, count - done)) {
    let failed = false;
    for (let i = 0; i < size; i++) {
      if (create(done + i)) ok++;
      else failed = true;
    }
    done += size;
    if (failed) break;
  }
  return ok;
}
