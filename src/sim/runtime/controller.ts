/**
 * The level-triggered controller contract (controller-runtime's Reconciler): an event only
 * names a key; `reconcile(key)` reads the current state itself and acts on the difference.
 */
import type { WatchEvent } from '../api/types.ts';

export interface ReconcileResult {
  /** Reconcile this key again after this many milliseconds of cluster time. */
  requeueAfter?: number;
}

export interface WatchSpec {
  /** Store key, e.g. `pods` or `replicasets.apps`. */
  resource: string;
  /** Maps a change to the keys to reconcile (often `ns/name` of the object or its owner). */
  keys(event: WatchEvent): string[];
  /**
   * Only objects bound to this node (`spec.nodeName`) reach `keys`. With one kubelet per node,
   * this lets the manager route a Pod's change to its node's kubelet directly instead of asking
   * every kubelet: 100 nodes would otherwise cost 100 calls per Pod change.
   */
  nodeName?: string;
  /**
   * Changes seen through this watch for a key reconciled less than this many ms ago wait for
   * the rest of the window, so a burst (10,000 Pods turning ready one by one) costs a few
   * reconciles instead of one each. The first change after a quiet spell is handled at once.
   */
  coalesceMs?: number;
}

export interface Controller {
  /** e.g. `replicaset-controller`; also the Event source component. */
  readonly name: string;
  readonly watches: WatchSpec[];
  /** Throws only for programmer errors; API failures are the controller's to handle. */
  reconcile(key: string): ReconcileResult | void;
  /** Keys to reconcile at start (objects already in the store). */
  initialKeys?(): string[];
}

/** `namespace/name` (or `name` for cluster-scoped objects). */
export function keyOf(obj: { metadata: { namespace?: string; name?: string } }): string {
  return obj.metadata.namespace ? `${obj.metadata.namespace}/${obj.metadata.name}` : obj.metadata.name!;
}

export function splitKey(key: string): { namespace: string | undefined; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { namespace: undefined, name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** Keys of the controlling owner of kind `kind`, for watches on dependents. */
export function ownerKeys(event: WatchEvent, kind: string): string[] {
  const ref = event.object.metadata.ownerReferences?.find((r) => r.controller && r.kind === kind);
  if (!ref) return [];
  const ns = event.object.metadata.namespace;
  return [ns ? `${ns}/${ref.name}` : ref.name];
}
