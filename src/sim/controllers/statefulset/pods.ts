/**
 * Pod state predicates the workload controllers share (pkg/api/v1/pod, controller_utils):
 * ready, available after minReadySeconds, terminal, terminating; and listing the pods a
 * controller owns.
 */
import type { ApiServer } from '../../apiserver/api-server.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { dependentIndex } from '../shared/dependent-index.ts';

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
}

function readyCondition(pod: KubeObject): Condition | undefined {
  return (pod.status?.conditions as Condition[] | undefined)?.find((c) => c.type === 'Ready');
}

/** Ready condition True. */
export function isPodReady(pod: KubeObject): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** Running and Ready (the StatefulSet's notion of healthy). */
export function isRunningAndReady(pod: KubeObject): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/** Ready for at least `minReadySeconds` at `now`. */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, now: number): boolean {
  const c = readyCondition(pod);
  if (c?.status !== 'True') return false;
  if (!minReadySeconds) return true;
  const since = c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : 0;
  return since + minReadySeconds * 1000 <= now;
}

/** Milliseconds until a ready pod becomes available, or undefined when not waiting. */
export function msUntilAvailable(pod: KubeObject, minReadySeconds: number, now: number): number | undefined {
  const c = readyCondition(pod);
  if (c?.status !== 'True' || !minReadySeconds || !c.lastTransitionTime) return undefined;
  const left = Date.parse(c.lastTransitionTime) + minReadySeconds * 1000 - now;
  return left > 0 ? left : undefined;
}

/** Phase Succeeded or Failed. */
export function isTerminal(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Marked for deletion. */
export function isTerminating(pod: KubeObject): boolean {
  return !!pod.metadata.deletionTimestamp;
}

/**
 * Objects of `resource` in `owner`'s namespace whose controller reference is `owner`, in name
 * order; served from the shared owner index, so it costs what the owner has, not the namespace.
 */
export function ownedBy(cluster: Cluster, resource: string, owner: KubeObject): KubeObject[] {
  return dependentIndex(cluster, resource)
    .controlledBy(owner.metadata.namespace ?? '', owner.metadata.uid!)
    .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
}

/** A controller ownerReference to `owner` (blockOwnerDeletion set, as controllers write it). */
export function controllerRef(owner: KubeObject) {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

/** Writes status only when it changed, so a status write does not trigger endless reconciles. */
export function writeStatus(api: ApiServer, resource: string, obj: KubeObject, status: unknown): void {
  if (JSON.stringify(obj.status ?? {}) === JSON.stringify(status)) return;
  api.updateStatus(resource, obj.metadata.namespace, obj.metadata.name!, status);
}
