/**
 * The disruption controller (kube-controller-manager's "disruption",
 * pkg/controller/disruption): for each PodDisruptionBudget, on any change of it or of a Pod in
 * its namespace, it lists the selected Pods, computes the budget (budget.ts), keeps the
 * eviction subresource's `disruptedPods` entries for Pods not yet being deleted (dropping them,
 * with a NotDeleted event, 2 minutes after the eviction), and writes the status:
 * expectedPods, currentHealthy, desiredHealthy, disruptionsAllowed, observedGeneration and the
 * DisruptionAllowed condition (SufficientPods / InsufficientPods, or SyncFailed with the error
 * when the budget cannot be computed). Events: NoPods, UnmanagedPods,
 * CalculateExpectedPodCountFailed, as the real controller records them (source controllermanager).
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { matches, selectorFromSpec, isEverything, type LabelSelectorSpec } from '../../api/labels.ts';
import { resourceKey, typeByGvk } from '../../api/resources.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import type { Pod, PodDisruptionBudget } from '../generated-types.ts';
import { countHealthy, disruptionAllowedCondition, disruptionsAllowed, expectedPodCount, setCondition, type ScaleLookup } from './budget.ts';

import type { Obj } from './budget.ts';

export const PDBS = 'poddisruptionbudgets.policy';
export const DISRUPTION_CONTROLLER = 'disruption-controller';
/** DeletionTimeout: how long an eviction's entry in disruptedPods waits for the Pod's deletion. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;
const SOURCE = { component: 'controllermanager' };

/** A *LabelSelector as Go's `%v` prints it in the UnmanagedPods event. */
export function goSelector(sel: LabelSelectorSpec | undefined): string {
  if (!sel) return '<nil>';
  const labels = Object.keys(sel.matchLabels ?? {})
    .sort()
    .map((k) => `${k}: ${sel.matchLabels![k]},`)
    .join('');
  const exprs = (sel.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

/** The Pods a budget selects: none for a nil or empty selector (getPodsForPdb). */
export function podsForBudget(cluster: Cluster, pdb: KubeObject): Pod[] {
  let sel;
  try {
    sel = selectorFromSpec(pdb.spec?.selector);
  } catch {
    return [];
  }
  if (sel.nothing || isEverything(sel)) return [];
  return cluster.api.list('pods', { namespace: pdb.metadata.namespace }).filter((p) => matches(sel, p.metadata.labels)) as Pod[];
}

/** Kinds with a scale subresource. */
const SCALABLE = new Set(['deployments.apps', 'replicasets.apps', 'statefulsets.apps', 'replicationcontrollers']);

/** The finders: ReplicationController, ReplicaSet (or its Deployment), StatefulSet; kinds without a scale are an error. */
function scaleLookup(cluster: Cluster): ScaleLookup {
  const api = cluster.api;
  const owned = (resource: string, ns: string, name: string, uid: string) => {
    const o = api.tryGet(resource, ns, name);
    return o && o.metadata.uid === uid ? o : undefined;
  };
  const replicas = (o: KubeObject) => ({ uid: o.metadata.uid!, replicas: typeof o.spec?.replicas === 'number' ? o.spec.replicas : 1 });
  return (pod, ref) => {
    const ns = pod.metadata.namespace!;
    switch (ref.kind) {
      case 'ReplicationController': {
        const rc = owned('replicationcontrollers', ns, ref.name, ref.uid);
        return rc && replicas(rc);
      }
      case 'ReplicaSet': {
        const rs = owned('replicasets.apps', ns, ref.name, ref.uid);
        if (!rs) return undefined;
        const up = rs.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Deployment');
        const d = up && owned('deployments.apps', ns, up.name, up.uid);
        return replicas(d ?? rs);
      }
      case 'StatefulSet': {
        const ss = owned('statefulsets.apps', ns, ref.name, ref.uid);
        return ss && replicas(ss);
      }
      default: {
        // The generic finder: the owner's kind through the REST mapping, then its scale subresource.
        const type = typeByGvk(ref.apiVersion, ref.kind);
        if (!type) return { error: `no matches for kind "${ref.kind}" in version "${ref.apiVersion}"` };
        const resource = resourceKey(type);
        if (!SCALABLE.has(resource)) return { error: `${resource} does not implement the scale subresource` };
        const o = owned(resource, ns, ref.name, ref.uid);
        return o && replicas(o);
      }
    }
  };
}

/** The disruption controller for one cluster. */
export function disruptionController(cluster: Cluster): Controller {
  const api = cluster.api;
  const scaleOf = scaleLookup(cluster);

  function write(pdb: KubeObject, status: Obj): void {
    if (JSON.stringify(pdb.status ?? {}) === JSON.stringify(status)) return;
    api.modifyStatus(PDBS, pdb.metadata.namespace, pdb.metadata.name!, (o) => {
      o.status = status;
    });
  }

  /** failSafe: no disruption, and why. */
  function failSafe(pdb: PodDisruptionBudget, message: string, now: number): void {
    const old = (pdb.status ?? {}) as Obj;
    const status: Obj = { ...old, disruptionsAllowed: 0 };
    status.conditions = setCondition(
      (old.conditions ?? []) as Obj[],
      { type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message, observedGeneration: old.observedGeneration ?? 0 },
      now,
    );
    for (const k of ['currentHealthy', 'desiredHealthy', 'expectedPods']) status[k] ??= 0;
    write(pdb, status);
  }

  function sync(pdb: PodDisruptionBudget): number | undefined {
    const now = cluster.clock.now();
    const pods = podsForBudget(cluster, pdb);
    if (!pods.length) cluster.events.record(pdb, 'Normal', 'NoPods', 'No matching pods found', SOURCE);
    const budget = expectedPodCount(pdb, pods, scaleOf);
    if ('error' in budget) {
      cluster.events.record(pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${budget.error}`, SOURCE);
      failSafe(pdb, budget.error, now);
      return undefined;
    }
    if (budget.unmanaged.length) {
      cluster.events.record(
        pdb,
        'Warning',
        'UnmanagedPods',
        `Pods selected by this PodDisruptionBudget (selector: ${goSelector(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
        SOURCE,
      );
    }
    // buildDisruptedPodMap
    const recorded = (pdb.status?.disruptedPods ?? {}) as Record<string, string>;
    const disrupted: Record<string, string> = {};
    let recheck: number | undefined;
    for (const pod of pods) {
      if (pod.metadata.deletionTimestamp) continue;
      const at = recorded[pod.metadata.name!];
      if (!at) continue;
      const expectedDeletion = Date.parse(at) + DELETION_TIMEOUT_MS;
      if (expectedDeletion < now) {
        const ns = pdb.metadata.namespace;
        cluster.events.record(pod, 'Warning', 'NotDeleted', `Pod was expected by PDB ${ns}/${ns} to be deleted but it wasn't`, SOURCE);
      } else {
        disrupted[pod.metadata.name!] = at;
        recheck = recheck === undefined ? expectedDeletion : Math.min(recheck, expectedDeletion);
      }
    }
    const currentHealthy = countHealthy(pods, disrupted);
    const old = (pdb.status ?? {}) as Obj;
    const status: Obj = {
      currentHealthy,
      desiredHealthy: budget.desiredHealthy,
      expectedPods: budget.expectedPods,
      disruptionsAllowed: disruptionsAllowed(currentHealthy, budget.desiredHealthy, budget.expectedPods),
      ...(Object.keys(disrupted).length ? { disruptedPods: disrupted } : {}),
      observedGeneration: pdb.metadata.generation ?? 0,
      conditions: old.conditions ?? [],
    };
    status.conditions = disruptionAllowedCondition(status, now);
    write(pdb, status);
    // At least 1 ms: an entry due exactly now expires only once the clock has moved past it.
    return recheck === undefined ? undefined : Math.max(1, recheck - now);
  }

  return {
    name: DISRUPTION_CONTROLLER,
    watches: [
      { resource: PDBS, keys: (e) => [keyOf(e.object)] },
      // A Pod's change concerns every budget of its namespace that selects it (or did: the
      // labels it had are not in the event, so all the namespace's budgets look again).
      { resource: 'pods', keys: (e) => api.list(PDBS, { namespace: e.object.metadata.namespace }).map(keyOf) },
    ],
    initialKeys: () => api.list(PDBS).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const pdb = api.tryGet(PDBS, namespace, name) as PodDisruptionBudget | undefined;
      if (!pdb || pdb.metadata.deletionTimestamp) return;
      const after = sync(pdb);
      return after === undefined ? undefined : { requeueAfter: after };
    },
  };
}
