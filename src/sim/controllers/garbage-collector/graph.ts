/**
 * The garbage collector's view of ownership (garbagecollector/graph.go): one node per uid,
 * with the owners its object names and the dependents that name it. A node stays in the graph
 * as "absent" after its object is gone (or before it ever existed) while dependents still
 * point at it: that is how a dependent learns its owner is missing.
 *
 * `observe` keeps the graph in step with the store's change feed and says which uids need the
 * collector's attention after each change:
 *   - an object carrying ownerReferences that appeared or changed (are its owners there?);
 *   - an object being deleted with the foregroundDeletion or orphan finalizer;
 *   - the dependents of an object that disappeared (their owner is now absent);
 *   - owners being deleted whose dependent disappeared or let go (foreground may be done).
 */
import type { KubeObject, OwnerReference, WatchEvent } from '../../api/types.ts';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../apiserver/api-server.ts';

export interface GraphNode {
  uid: string;
  /** Store key of the object's resource (`pods`, `replicasets.apps`); '' while only referenced. */
  resource: string;
  namespace: string;
  name: string;
  /** Whether the object currently exists. */
  present: boolean;
  /** Whether the object has a deletionTimestamp. */
  beingDeleted: boolean;
  owners: OwnerReference[];
  dependents: Set<string>;
}

function hasGcFinalizer(o: KubeObject): boolean {
  const f = o.metadata.finalizers ?? [];
  return f.includes(FOREGROUND_FINALIZER) || f.includes(ORPHAN_FINALIZER);
}

export class OwnerGraph {
  private nodes = new Map<string, GraphNode>();

  get(uid: string): GraphNode | undefined {
    return this.nodes.get(uid);
  }

  /** Whether an object with this uid exists. */
  isPresent(uid: string): boolean {
    return this.nodes.get(uid)?.present === true;
  }

  /** Number of nodes (for tests and diagnostics). */
  size(): number {
    return this.nodes.size;
  }

  private node(uid: string): GraphNode {
    let n = this.nodes.get(uid);
    if (!n) {
      n = { uid, resource: '', namespace: '', name: '', present: false, beingDeleted: false, owners: [], dependents: new Set() };
      this.nodes.set(uid, n);
    }
    return n;
  }

  private dropIfUnused(n: GraphNode): void {
    if (!n.present && n.dependents.size === 0 && n.owners.length === 0) this.nodes.delete(n.uid);
  }

  private setOwners(n: GraphNode, owners: OwnerReference[]): string[] {
    const before = new Set(n.owners.map((r) => r.uid));
    const after = new Set(owners.map((r) => r.uid));
    const released: string[] = [];
    for (const uid of before) {
      if (after.has(uid)) continue;
      const o = this.nodes.get(uid);
      if (!o) continue;
      o.dependents.delete(n.uid);
      if (o.beingDeleted) released.push(uid);
      this.dropIfUnused(o);
    }
    for (const uid of after) if (!before.has(uid)) this.node(uid).dependents.add(n.uid);
    n.owners = owners.map((r) => ({ ...r }));
    return released;
  }

  /** Applies one store change; returns the uids the collector should look at. */
  observe(e: WatchEvent): string[] {
    const o = e.object;
    const uid = o.metadata.uid;
    if (!uid) return [];
    if (e.type === 'DELETED') {
      const n = this.nodes.get(uid);
      if (!n) return [];
      const out = [...n.dependents];
      n.present = false;
      n.beingDeleted = false;
      for (const r of n.owners) if (this.nodes.get(r.uid)?.beingDeleted) out.push(r.uid);
      this.setOwners(n, []);
      this.dropIfUnused(n);
      return out;
    }
    const n = this.node(uid);
    const wasPresent = n.present;
    const ownersBefore = n.owners.map((r) => r.uid).join(',');
    n.resource = e.resource;
    n.namespace = o.metadata.namespace ?? '';
    n.name = o.metadata.name ?? '';
    n.present = true;
    n.beingDeleted = o.metadata.deletionTimestamp !== undefined;
    const owners = o.metadata.ownerReferences ?? [];
    const ownersChanged = owners.map((r) => r.uid).join(',') !== ownersBefore;
    // Most changes (status updates) leave the owners alone: skip relinking then.
    const out = ownersChanged ? this.setOwners(n, owners) : [];
    if (!ownersChanged) n.owners = owners.map((r) => ({ ...r }));
    if (owners.length && (!wasPresent || ownersChanged)) out.push(uid);
    if (n.beingDeleted && hasGcFinalizer(o)) out.push(uid);
    return out;
  }
}
