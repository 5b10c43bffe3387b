/**
 * The StatefulSet controller (pkg/controller/statefulset): stable pods `<set>-<ordinal>`,
 * their PersistentVolumeClaims `<template>-<set>-<ordinal>` created first and kept after the
 * pods, OrderedReady (one ordinal at a time, each Running and Ready before the next) or
 * Parallel management, scale-down from the highest ordinal, rolling updates from the highest
 * ordinal down to the partition, ControllerRevision history and status.
 *
 * Reads are synchronous against the store, so no expectations bookkeeping is needed: every
 * reconcile sees the effect of the previous one.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { keyOf, ownerKeys, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import {
  isRunningAndReady,
  isPodAvailable,
  isTerminal,
  isTerminating,
  msUntilAvailable,
  ownedBy,
  writeStatus,
} from './pods.ts';
import { syncRevisions, truncateHistory } from './revision.ts';
import { REVISION_LABEL, claimName, statefulClaim, statefulPod } from './stateful-objects.ts';
import { MAX_CREATES_PER_SYNC, slowStartBatch } from '../shared/slow-start.ts';
import { dependentIndex } from '../shared/dependent-index.ts';
import { adoptObject, releaseObject } from '../replicaset/claim.ts';
import { matches, selectorFromSpec } from '../../api/labels.ts';

export const STATEFULSET_CONTROLLER = 'statefulset-controller';
const RESOURCE = 'statefulsets.apps';

function ordinalOf(setName: string, pod: KubeObject): number | undefined {
  const n = pod.metadata.name ?? '';
  if (!n.startsWith(`${setName}-`)) return undefined;
  const rest = n.slice(setName.length + 1);
  return /^\d+$/.test(rest) ? Number(rest) : undefined;
}

class StatefulSetSync {
  private cluster: Cluster;
  private set: KubeObject;
  private requeue: number | undefined;
  /** Failed pods this pass deleted to recreate: the real controller counts their stand-ins, not them. */
  private replaced = new Set<string>();
  /** The rolling update's deletion this pass: the real controller takes it off currentReplicas at once. */
  private rolledOut = 0;

  constructor(cluster: Cluster, set: KubeObject) {
    this.cluster = cluster;
    this.set = set;
  }

  /**
   * ClaimPods with the StatefulSet's filter (isMemberOf): orphans named `<set>-<ordinal>` that
   * match the selector are adopted (a set recreated after `delete --cascade=orphan` takes its
   * Pods back), and controlled Pods that stopped matching are released.
   */
  private claimPods(): void {
    const set = this.set;
    if (set.metadata.deletionTimestamp) return;
    let selector;
    try {
      selector = selectorFromSpec(set.spec?.selector);
    } catch {
      return;
    }
    const { api } = this.cluster;
    const ns = set.metadata.namespace ?? '';
    const prefix = `${set.metadata.name}-`;
    const member = (p: KubeObject) => p.metadata.name!.startsWith(prefix) && /^\d+$/.test(p.metadata.name!.slice(prefix.length));
    for (const p of ownedBy(this.cluster, 'pods', set)) {
      if (!isTerminating(p) && (!matches(selector, p.metadata.labels) || !member(p))) releaseObject(api, 'pods', p, set);
    }
    for (const p of dependentIndex(this.cluster, 'pods').orphansIn(ns)) {
      if (!isTerminating(p) && matches(selector, p.metadata.labels) && member(p)) adoptObject(api, 'pods', p, set);
    }
  }

  run(): ReconcileResult | void {
    const { api } = this.cluster;
    const set = this.set;
    const spec = set.spec ?? {};
    const now = this.cluster.now();
    const collisionCount: number = set.status?.collisionCount ?? 0;
    const rev = syncRevisions(api, set, spec.template, collisionCount);
    const update = rev.update;
    const current = rev.revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
    // Status counts the pods as they were before this pass acted, as the real controller's
    // does (a pod it creates has no phase yet, so it is not counted): a creation is reported
    // by the next pass, which the new pod's own event triggers. Each creation and each
    // readiness change therefore gets its own status write, and `kubectl rollout status`,
    // which prints a line per write, shows the real cadence.
    this.claimPods();
    const pods = ownedBy(this.cluster, 'pods', set);
    this.act(current, update, now);
    const minReady: number = spec.minReadySeconds ?? 0;
    let replicas = 0;
    let ready = 0;
    let available = 0;
    let currentReplicas = 0;
    let updated = 0;
    for (const p of pods) {
      if (this.replaced.has(p.metadata.name!)) continue;
      replicas++;
      if (isRunningAndReady(p)) ready++;
      if (isRunningAndReady(p) && isPodAvailable(p, minReady, now)) available++;
      const wait = msUntilAvailable(p, minReady, now);
      if (wait !== undefined) this.wake(wait);
      if (isTerminating(p)) continue;
      const r = p.metadata.labels?.[REVISION_LABEL];
      if (r === current.metadata.name) currentReplicas++;
      if (r === update.metadata.name) updated++;
    }
    currentReplicas -= this.rolledOut;
    let currentRevision = current.metadata.name!;
    if (spec.updateStrategy?.type === 'RollingUpdate' && updated === replicas && ready === replicas) {
      currentReplicas = updated;
      currentRevision = update.metadata.name!;
    }
    const status: Record<string, unknown> = {
      availableReplicas: available,
      collisionCount,
      ...(currentReplicas ? { currentReplicas } : {}),
      currentRevision,
      observedGeneration: set.metadata.generation,
      ...(ready ? { readyReplicas: ready } : {}),
      replicas,
      updateRevision: update.metadata.name,
      ...(updated ? { updatedReplicas: updated } : {}),
    };
    writeStatus(api, RESOURCE, set, status);

    const live = new Set<string>([currentRevision, update.metadata.name!]);
    for (const p of pods) {
      const r = p.metadata.labels?.[REVISION_LABEL];
      if (r) live.add(r);
    }
    truncateHistory(api, rev.revisions, live, spec.revisionHistoryLimit ?? 10);
    return this.requeue !== undefined ? { requeueAfter: this.requeue } : undefined;
  }

  private wake(ms: number): void {
    this.requeue = this.requeue === undefined ? ms : Math.min(this.requeue, ms);
  }

  /** One pass of stateful_set_control.go: create/repair in order, condemn, then roll. */
  private act(current: KubeObject, update: KubeObject, now: number): void {
    const { api } = this.cluster;
    const set = this.set;
    const spec = set.spec ?? {};
    const name = set.metadata.name!;
    const start: number = spec.ordinals?.start ?? 0;
    const count: number = spec.replicas ?? 1;
    const monotonic = spec.podManagementPolicy !== 'Parallel';
    const minReady: number = spec.minReadySeconds ?? 0;
    const healthy = (p: KubeObject) => !isTerminating(p) && isRunningAndReady(p) && isPodAvailable(p, minReady, now);

    const replicas: (KubeObject | undefined)[] = new Array(count).fill(undefined);
    const condemned: KubeObject[] = [];
    for (const p of ownedBy(this.cluster, 'pods', set)) {
      const ord = ordinalOf(name, p);
      if (ord === undefined) continue;
      if (ord >= start && ord < start + count) replicas[ord - start] = p;
      else condemned.push(p);
    }
    condemned.sort((a, b) => ordinalOf(name, b)! - ordinalOf(name, a)!);

    // Parallel: the missing Pods are created after the pass, in slow-start batches of at
    // most MAX_CREATES_PER_SYNC (the Pods' events bring the next sync for the rest).
    const missing: number[] = [];
    for (let i = 0; i < count; i++) {
      const ord = start + i;
      let pod = replicas[i];
      if (pod && isTerminal(pod) && !isTerminating(pod)) {
        this.deletePod(pod);
        this.replaced.add(pod.metadata.name!);
        pod = api.tryGet('pods', set.metadata.namespace, pod.metadata.name!);
        if (pod) {
          if (monotonic) return;
          continue;
        }
      }
      if (!pod) {
        if (monotonic) {
          this.createPod(i, ord, current, update);
          return;
        }
        missing.push(i);
        continue;
      }
      if (isTerminating(pod) || !healthy(pod)) {
        if (monotonic) return;
        continue;
      }
      this.ensureClaims(ord, pod.metadata.name!);
    }

    if (missing.length) {
      slowStartBatch(Math.min(missing.length, MAX_CREATES_PER_SYNC), (k) => this.createPod(missing[k]!, start + missing[k]!, current, update));
    }

    for (const pod of condemned) {
      if (isTerminating(pod)) {
        if (monotonic) return;
        continue;
      }
      if (monotonic && condemned.some((p) => p !== pod && !healthy(p))) return;
      if (spec.persistentVolumeClaimRetentionPolicy?.whenScaled === 'Delete') this.handClaimsToPod(pod);
      this.deletePod(pod);
      if (monotonic) return;
    }

    if (spec.updateStrategy?.type !== 'RollingUpdate') return;
    const partition: number = spec.updateStrategy?.rollingUpdate?.partition ?? 0;
    for (let target = count - 1; target >= partition; target--) {
      const pod = replicas[target];
      if (!pod) return;
      if (pod.metadata.labels?.[REVISION_LABEL] !== update.metadata.name && !isTerminating(pod)) {
        this.deletePod(pod);
        if (pod.metadata.labels?.[REVISION_LABEL] === current.metadata.name) this.rolledOut++;
        return;
      }
      if (!healthy(pod)) return;
    }
  }

  /** Creates the Pod of one ordinal (and its claims); false when the API server refused one. */
  private createPod(index: number, ord: number, current: KubeObject, update: KubeObject): boolean {
    const set = this.set;
    const spec = set.spec ?? {};
    const partition: number | undefined = spec.updateStrategy?.rollingUpdate?.partition;
    const useCurrent = spec.updateStrategy?.type === 'RollingUpdate' && partition !== undefined && index < partition;
    const revision = useCurrent ? current : update;
    const setName = set.metadata.name!;
    const podName = `${setName}-${ord}`;
    const pod = statefulPod(set, revision, ord);
    if (!this.ensureClaims(ord, podName)) return false;
    try {
      this.cluster.api.create('pods', pod);
      this.event('Normal', 'SuccessfulCreate', `create Pod ${podName} in StatefulSet ${setName} successful`);
      return true;
    } catch (e) {
      this.event('Warning', 'FailedCreate', `create Pod ${podName} in StatefulSet ${setName} failed error: ${(e as Error).message}`);
      return false;
    }
  }

  /** Creates the pod's missing claims; false when one could not be created. */
  private ensureClaims(ord: number, podName: string): boolean {
    const { api } = this.cluster;
    const set = this.set;
    const setName = set.metadata.name!;
    let ok = true;
    for (const t of (set.spec?.volumeClaimTemplates ?? []) as KubeObject[]) {
      const cname = claimName(t.metadata?.name ?? '', setName, ord);
      if (api.tryGet('persistentvolumeclaims', set.metadata.namespace, cname)) continue;
      const claim = statefulClaim(set, t, ord);
      try {
        api.create('persistentvolumeclaims', claim);
        this.event('Normal', 'SuccessfulCreate', `create Claim ${cname} Pod ${podName} in StatefulSet ${setName} success`);
      } catch (e) {
        ok = false;
        this.event('Warning', 'FailedCreate', `create Claim ${cname} for Pod ${podName} in StatefulSet ${setName} failed error: ${(e as Error).message}`);
      }
    }
    return ok;
  }

  /** whenScaled: Delete: the condemned pod owns its claims, so they go when it goes. */
  private handClaimsToPod(pod: KubeObject): void {
    const { api } = this.cluster;
    const ord = ordinalOf(this.set.metadata.name!, pod)!;
    for (const t of (this.set.spec?.volumeClaimTemplates ?? []) as KubeObject[]) {
      const cname = claimName(t.metadata?.name ?? '', this.set.metadata.name!, ord);
      if (!api.tryGet('persistentvolumeclaims', pod.metadata.namespace, cname)) continue;
      api.modifyStatus('persistentvolumeclaims', pod.metadata.namespace, cname, (c) => {
        const refs = (c.metadata.ownerReferences ?? []).filter((r) => r.uid !== this.set.metadata.uid);
        c.metadata.ownerReferences = [...refs, { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid!, controller: true, blockOwnerDeletion: true }];
      });
    }
  }

  private deletePod(pod: KubeObject): void {
    const setName = this.set.metadata.name!;
    try {
      this.cluster.api.delete('pods', pod.metadata.namespace, pod.metadata.name!);
      this.event('Normal', 'SuccessfulDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${setName} successful`);
    } catch (e) {
      this.event('Warning', 'FailedDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${setName} failed error: ${(e as Error).message}`);
    }
  }

  private event(type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.cluster.events.record(this.set, type, reason, message, { component: STATEFULSET_CONTROLLER });
  }
}

/** The controller: reconciles a StatefulSet on its own changes and its pods'. */
export function statefulSetController(cluster: Cluster): Controller {
  return {
    name: STATEFULSET_CONTROLLER,
    watches: [
      { resource: RESOURCE, keys: (e) => (e.type === 'DELETED' ? [] : [keyOf(e.object)]) },
      // A burst of Pod changes (a Parallel set of hundreds) is handled by one sync.
      { resource: 'pods', keys: (e) => ownerKeys(e, 'StatefulSet'), coalesceMs: 50 },
    ],
    initialKeys: () => cluster.api.list(RESOURCE).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const set = cluster.api.tryGet(RESOURCE, namespace, name);
      if (!set || set.metadata.deletionTimestamp) return;
      return new StatefulSetSync(cluster, set).run();
    },
  };
}
