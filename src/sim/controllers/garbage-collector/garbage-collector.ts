/**
 * The garbage collector (garbagecollector.go): deletes objects whose owners are gone and
 * carries out the propagation policy a delete asked for (see ApiServer.delete):
 *   - Background (kubectl's default): the owner goes at once; each dependent then finds all
 *     its owners absent and is deleted in turn (a Deployment's ReplicaSets, then their Pods).
 *   - Foreground: the owner stays, with a deletionTimestamp and the `foregroundDeletion`
 *     finalizer, while the collector deletes its dependents (foreground again for those that
 *     have dependents of their own); the finalizer is removed once no dependent with
 *     `blockOwnerDeletion: true` remains, and the owner disappears.
 *   - Orphan: the `orphan` finalizer makes the collector strip the owner's reference from
 *     every dependent, then remove the finalizer; the dependents live on.
 * A dependent with several owners is deleted only when all are gone; references to the
 * missing ones are removed otherwise.
 */
import type { KubeObject } from '../../api/types.ts';
import { RESOURCE_TYPES, resourceKey } from '../../api/resources.ts';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../apiserver/api-server.ts';
import type { Cluster } from '../../cluster.ts';
import { component, type Installer } from '../../installer.ts';
import type { Controller } from '../../runtime/controller.ts';
import { OwnerGraph, type GraphNode } from './graph.ts';

export const GARBAGE_COLLECTOR = 'garbage-collector';

/** Resources whose objects take part (everything but Events, which nothing owns). */
function trackedResources(): string[] {
  const keys = new Set(RESOURCE_TYPES.map(resourceKey));
  keys.delete('events');
  keys.delete('events.events.k8s.io');
  return [...keys];
}

/** Builds the collector for `cluster`; exposes its graph for tests. */
export function createGarbageCollector(cluster: Cluster): Controller & { graph: OwnerGraph } {
  const { api, store } = cluster;
  const graph = new OwnerGraph();
  const resources = trackedResources();
  const initial: string[] = [];
  for (const r of resources) {
    for (const o of store.list(r)) initial.push(...graph.observe({ type: 'ADDED', object: o, resource: r }));
  }

  function objectOf(n: GraphNode): KubeObject | undefined {
    if (!n.present) return undefined;
    const o = store.get(n.resource, n.namespace, n.name);
    return o && o.metadata.uid === n.uid ? o : undefined;
  }

  function tryDelete(n: GraphNode, propagationPolicy?: 'Foreground'): void {
    try {
      api.delete(n.resource, n.namespace || undefined, n.name, { propagationPolicy });
    } catch {
      // Already gone.
    }
  }

  function removeFinalizer(n: GraphNode, finalizer: string): void {
    try {
      api.modifyStatus(n.resource, n.namespace || undefined, n.name, (o) => {
        o.metadata.finalizers = (o.metadata.finalizers ?? []).filter((f) => f !== finalizer);
      });
      // Pods are removed by the kubelet (or, unscheduled, by a plain delete) once unblocked.
      if (n.resource === 'pods') tryDelete(n);
    } catch {
      // Already gone.
    }
  }

  function stripOwner(dep: GraphNode, ownerUid: string): void {
    try {
      api.modifyStatus(dep.resource, dep.namespace || undefined, dep.name, (o) => {
        const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== ownerUid);
        if (refs.length) o.metadata.ownerReferences = refs;
        else delete o.metadata.ownerReferences;
      });
    } catch {
      // Already gone.
    }
  }

  function processDeleting(n: GraphNode, obj: KubeObject): void {
    const finalizers = obj.metadata.finalizers ?? [];
    if (finalizers.includes(ORPHAN_FINALIZER)) {
      for (const d of [...n.dependents]) {
        const dep = graph.get(d);
        if (dep && objectOf(dep)) stripOwner(dep, n.uid);
      }
      removeFinalizer(n, ORPHAN_FINALIZER);
      return;
    }
    if (!finalizers.includes(FOREGROUND_FINALIZER)) return;
    let blocking = 0;
    for (const d of [...n.dependents]) {
      const dep = graph.get(d);
      const depObj = dep && objectOf(dep);
      if (!dep || !depObj) continue;
      if (!depObj.metadata.deletionTimestamp) tryDelete(dep, dep.dependents.size ? 'Foreground' : undefined);
      const ref = depObj.metadata.ownerReferences?.find((r) => r.uid === n.uid);
      if (ref?.blockOwnerDeletion && objectOf(dep)) blocking++;
    }
    if (blocking === 0) removeFinalizer(n, FOREGROUND_FINALIZER);
  }

  function processOwners(n: GraphNode, obj: KubeObject): void {
    const refs = obj.metadata.ownerReferences ?? [];
    if (!refs.length) return;
    const absent = refs.filter((r) => !graph.isPresent(r.uid));
    if (!absent.length) return;
    if (absent.length === refs.length) tryDelete(n);
    else for (const r of absent) stripOwner(n, r.uid);
  }

  function reconcile(uid: string): void {
    const n = graph.get(uid);
    const obj = n && objectOf(n);
    if (!n || !obj) return;
    if (obj.metadata.deletionTimestamp) processDeleting(n, obj);
    else processOwners(n, obj);
  }

  return {
    name: GARBAGE_COLLECTOR,
    graph,
    watches: resources.map((resource) => ({ resource, keys: (e) => graph.observe(e) })),
    reconcile,
    initialKeys: () => initial,
  };
}

/** The garbage collector. */
export const GARBAGE_COLLECTION: Installer = component('garbage-collector', (cluster) => cluster.addController(createGarbageCollector(cluster)));
