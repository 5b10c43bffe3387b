/**
 * Namespace lifecycle, as three controllers of kube-controller-manager do it: the
 * serviceaccount controller (a `default` ServiceAccount in every namespace), the root-CA
 * publisher (`kube-root-ca.crt` in every namespace) and the namespace controller (deleting a
 * Terminating namespace's content, then the namespace once nothing is left, Pods included:
 * they go through graceful termination by their kubelet).
 */
import { ApiError } from '../../api/errors.ts';
import { RESOURCE_TYPES, resourceKey } from '../../api/resources.ts';
import { isoTime, type KubeObject, type WatchEvent } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import type { Controller, WatchSpec } from '../../runtime/controller.ts';
import { buildRootCAConfigMap, buildServiceAccount } from '../../presets/kind-builders.ts';

/** Namespaced resources the namespace controller empties, by store key. */
const CONTENT = RESOURCE_TYPES.filter((t) => t.namespaced && t.verbs.includes('delete') && t.verbs.includes('list')).map(resourceKey);
const UNIQUE_CONTENT = [...new Set(CONTENT)];

/**
 * A real namespace controller needs a few seconds (discovery, a deletecollection per
 * resource) before an empty namespace is gone; `kubectl get ns` shows it Terminating meanwhile.
 */
export const NAMESPACE_CLEANUP_MS = 5000;

/** Keys are namespace names; see the file comment for what it does. */
export class NamespaceController implements Controller {
  readonly name = 'namespace-controller';
  readonly watches: WatchSpec[];
  private cluster: Cluster;
  /** Per terminating namespace: object counts per resource after the last sweep. */
  private sweptCounts = new Map<string, Map<string, number>>();

  constructor(cluster: Cluster) {
    this.cluster = cluster;
    const contentKeys = (e: WatchEvent): string[] => {
      const ns = e.object.metadata.namespace;
      if (!ns) return [];
      if (e.type === 'DELETED') return this.terminating(ns) ? [ns] : [];
      return [];
    };
    this.watches = [
      { resource: 'namespaces', keys: (e) => (e.type === 'DELETED' ? [] : [e.object.metadata.name!]) },
      {
        resource: 'serviceaccounts',
        keys: (e) => (e.object.metadata.name === 'default' && e.type === 'DELETED' ? [e.object.metadata.namespace!] : contentKeys(e)),
      },
      {
        resource: 'configmaps',
        keys: (e) => (e.object.metadata.name === 'kube-root-ca.crt' && e.type !== 'ADDED' ? [e.object.metadata.namespace!] : contentKeys(e)),
      },
      ...UNIQUE_CONTENT.filter((r) => r !== 'serviceaccounts' && r !== 'configmaps').map((resource) => ({ resource, keys: contentKeys })),
    ];
  }

  initialKeys(): string[] {
    return this.cluster.store.list('namespaces').map((n) => n.metadata.name!);
  }

  private terminating(ns: string): boolean {
    return !!this.cluster.store.get('namespaces', '', ns)?.metadata.deletionTimestamp;
  }

  reconcile(name: string): { requeueAfter?: number } | void {
    const ns = this.cluster.store.get('namespaces', '', name);
    if (!ns) return;
    if (ns.metadata.deletionTimestamp) return this.finalize(ns);
    this.ensureDefaults(name);
  }

  /** The `default` ServiceAccount and an up-to-date `kube-root-ca.crt`. */
  private ensureDefaults(ns: string): void {
    const { api, store } = this.cluster;
    if (!store.get('serviceaccounts', ns, 'default')) tryCreate(() => api.create('serviceaccounts', buildServiceAccount(ns)));
    const want = buildRootCAConfigMap(ns);
    const cm = store.get('configmaps', ns, 'kube-root-ca.crt');
    if (!cm) tryCreate(() => api.create('configmaps', want));
    else if (JSON.stringify(cm.data) !== JSON.stringify(want.data)) {
      tryCreate(() => api.modify('configmaps', ns, 'kube-root-ca.crt', (o) => void (o.data = want.data)));
    }
  }

  /** Deletes everything in the namespace; removes the namespace once it is empty. */
  private finalize(ns: KubeObject): { requeueAfter?: number } | void {
    const { api, store } = this.cluster;
    const name = ns.metadata.name!;
    const remaining = new Map<string, number>();
    // Sweep a resource again only when it gained objects since the last pass: counting is
    // O(1), so a namespace draining 10,000 terminating Pods costs nothing per removal.
    const swept = this.sweptCounts.get(name) ?? new Map<string, number>();
    this.sweptCounts.set(name, swept);
    for (const resource of UNIQUE_CONTENT) {
      let left = store.count(resource, name);
      if (left > (swept.get(resource) ?? 0)) {
        for (const o of store.list(resource, name)) {
          if (!o.metadata.deletionTimestamp) {
            tryCreate(() => api.delete(resource, name, o.metadata.name!, { propagationPolicy: 'Background' }));
          }
        }
        left = store.count(resource, name);
      }
      swept.set(resource, left);
      if (left) remaining.set(resource.includes('.') ? resource : `${resource}.`, left);
    }
    // Content still terminating (Pods waiting for their kubelet, objects with finalizers):
    // their DELETED events bring this namespace back.
    if (remaining.size > 0) return this.writeConditions(ns, remaining);
    const wait = Date.parse(ns.metadata.deletionTimestamp!) + NAMESPACE_CLEANUP_MS - this.cluster.clock.now();
    if (wait > 0) return { requeueAfter: wait };
    const current = store.get('namespaces', '', name);
    if (!current) return;
    if (current.metadata.finalizers?.length) {
      // Other finalizers (set by users) keep the namespace until removed.
      api.modifyStatus('namespaces', undefined, name, (o) => {
        o.spec = { ...(o.spec ?? {}), finalizers: [] };
      });
      return;
    }
    this.sweptCounts.delete(name);
    store.remove('namespaces', '', name);
  }

  private writeConditions(ns: KubeObject, remaining: Map<string, number>): void {
    const at = isoTime(this.cluster.clock.now());
    const summary = [...remaining.entries()].map(([r, n]) => `${r} has ${n} resource instances`).join(', ');
    const cond = (type: string, status: string, reason: string, message: string): Record<string, string> => ({
      lastTransitionTime: at,
      message,
      reason,
      status,
      type,
    });
    const conditions = [
      cond('NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'),
      cond('NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'),
      cond('NamespaceDeletionContentFailure', 'False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'),
      cond('NamespaceContentRemaining', 'True', 'SomeResourcesRemain', `Some resources are remaining: ${summary}`),
      cond('NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'),
    ];
    const old = (ns.status?.conditions ?? []) as Record<string, string>[];
    const same = old.length === conditions.length && old.every((c, i) => c.message === conditions[i]!.message && c.status === conditions[i]!.status);
    if (same) return;
    this.cluster.api.modifyStatus('namespaces', undefined, ns.metadata.name!, (o) => {
      o.status = { ...(o.status ?? {}), conditions: conditions.map((c, i) => (old[i]?.status === c.status && old[i]?.message === c.message ? old[i] : c)), phase: 'Terminating' };
    });
  }
}

/** Runs an API call whose failure (already exists, gone, namespace terminating) is harmless. */
function tryCreate(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
  }
}
