/**
 * An index of one resource's objects by controlling owner uid, plus the orphans (objects with
 * no controller) per namespace. Controllers use it instead of listing: the ReplicaSet
 * controller asks "which Pods does ReplicaSet X control?" thousands of times while 10,000
 * Pods exist, and only orphans need a selector scan when adopting.
 *
 * The index follows the store's change feed synchronously, so by the time a controller
 * reconciles it reflects every write made so far (there is no informer lag to model).
 * One index per (cluster, resource), shared through `cluster.extensions`. It is built from
 * the store when first asked for, so a snapshot must be restored into the store before the
 * components start (`Store.restore` does not notify listeners).
 */
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import type { Store } from '../../store/store.ts';
import { controllerRefOf } from './controller-ref.ts';

function objKey(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

export class DependentIndex {
  /** owner uid -> object keys (`ns/name`), in the order they appeared. */
  private byOwner = new Map<string, Set<string>>();
  /** namespace -> orphan object keys. */
  private orphans = new Map<string, Set<string>>();
  /** object key -> controller uid ('' for an orphan). */
  private ownerOf = new Map<string, string>();

  private store: Store;
  private resource: string;

  constructor(store: Store, resource: string) {
    this.store = store;
    this.resource = resource;
    for (const o of store.list(resource)) this.put(o);
    store.subscribe((e) => {
      if (e.resource !== resource) return;
      if (e.type === 'DELETED') this.drop(objKey(e.object));
      else this.put(e.object);
    });
  }

  /** Objects whose controller reference points at `ownerUid`, in namespace `namespace`. */
  controlledBy(namespace: string, ownerUid: string): KubeObject[] {
    return this.resolve(namespace, this.byOwner.get(ownerUid));
  }

  /** Number of objects controlled by `ownerUid` (terminating ones included). */
  countControlledBy(ownerUid: string): number {
    return this.byOwner.get(ownerUid)?.size ?? 0;
  }

  /** Objects in `namespace` without a controller reference. */
  orphansIn(namespace: string): KubeObject[] {
    return this.resolve(namespace, this.orphans.get(namespace));
  }

  private resolve(namespace: string, keys: Set<string> | undefined): KubeObject[] {
    const out: KubeObject[] = [];
    if (!keys) return out;
    for (const k of keys) {
      const name = k.slice(k.indexOf('/') + 1);
      const o = this.store.get(this.resource, namespace, name);
      if (o) out.push(o);
    }
    return out;
  }

  private put(o: KubeObject): void {
    const k = objKey(o);
    const uid = controllerRefOf(o)?.uid ?? '';
    const prev = this.ownerOf.get(k);
    if (prev === uid) return;
    if (prev !== undefined) this.drop(k);
    this.ownerOf.set(k, uid);
    const bucket = uid ? this.bucket(this.byOwner, uid) : this.bucket(this.orphans, o.metadata.namespace ?? '');
    bucket.add(k);
  }

  private drop(k: string): void {
    const uid = this.ownerOf.get(k);
    if (uid === undefined) return;
    this.ownerOf.delete(k);
    const map = uid ? this.byOwner : this.orphans;
    const bucketKey = uid || k.slice(0, k.indexOf('/'));
    const b = map.get(bucketKey);
    b?.delete(k);
    if (b && b.size === 0) map.delete(bucketKey);
  }

  private bucket(map: Map<string, Set<string>>, key: string): Set<string> {
    let b = map.get(key);
    if (!b) map.set(key, (b = new Set()));
    return b;
  }
}

/** The cluster's shared index for `resource` (`pods`, `replicasets.apps`), created on first use. */
export function dependentIndex(cluster: Cluster, resource: string): DependentIndex {
  const key = `dependent-index:${resource}`;
  let idx = cluster.extensions.get(key) as DependentIndex | undefined;
  if (!idx) {
    idx = new DependentIndex(cluster.store, resource);
    cluster.extensions.set(key, idx);
  }
  return idx;
}
