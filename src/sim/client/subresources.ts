/**
 * The subresources kubectl reaches beyond plain objects: `status`, `scale`, `binding`,
 * `eviction`, `ephemeralcontainers`, `token`, `exec`/`attach`, `portforward`, and the
 * aggregated metrics API (`metrics.k8s.io`), each as the API server serves it.
 */
import { ApiError, conflict } from '../api/errors.ts';
import { matches, selectorFromSpec } from '../api/labels.ts';
import { clone, isoTime, type KubeObject } from '../api/types.ts';
import { disruptionAllowedCondition, podReady } from '../kinds/poddisruptionbudget/budget.ts';
import type { Cluster } from '../cluster.ts';
import { resourceKey } from '../api/resources.ts';
import { updateEphemeralContainers } from '../apiserver/kinds/pod-ephemeral.ts';
import { accessChecks } from '../auth/access-checks-part.ts';
import type { TokenRequestSpec } from '../auth/service-account-token.ts';
import { requestIP } from '../network/connect.ts';
import { metricsApiState, nodeMetrics, podMetrics } from '../addons/metrics-server/storage.ts';
import { resourceTypeAt } from './address.ts';
import type { DeleteOptions, ResourceAddress, WriteOptions, WriteResult } from './types.ts';

/** MaxDisruptedPodSize: evictions the disruption controller has not yet confirmed, beyond which a budget refuses. */
const MAX_DISRUPTED_PODS = 2000;

/** Resources with a `scale` subresource (autoscaling/v1 Scale). */
const SCALABLE = new Set(['deployments.apps', 'replicasets.apps', 'statefulsets.apps', 'replicationcontrollers']);

/** The body of a Scale update: the wanted replicas and, for optimistic concurrency, the resourceVersion read. */
export interface ScaleUpdate {
  metadata?: { resourceVersion?: string };
  spec: { replicas: number };
}

/** The autoscaling/v1 Scale of a scalable object. */
export function scaleOf(obj: KubeObject): KubeObject {
  const md = obj.metadata;
  const sel = obj.spec?.selector;
  // ReplicationControllers carry a plain map; the others a LabelSelector, which Scale gives as a string.
  const selector = sel ? Object.entries(sel.matchLabels ?? (sel.matchExpressions ? {} : sel)).map(([k, v]) => `${k}=${v}`).join(',') : '';
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name: md.name, namespace: md.namespace, uid: md.uid, resourceVersion: md.resourceVersion, creationTimestamp: md.creationTimestamp },
    spec: { replicas: obj.spec?.replicas ?? 0 },
    status: { replicas: obj.status?.replicas ?? 0, ...(selector ? { selector } : {}) },
  };
}

function scalableKey(resource: ResourceAddress): string {
  const key = resourceKey(resourceTypeAt(resource));
  if (!SCALABLE.has(key)) throw new ApiError('NotFound', 'the server could not find the requested resource');
  return key;
}

/** What the client's subresource calls need from a cluster. */
export function subresources(cluster: Cluster) {
  const api = cluster.api;
  /** addConditionAndDeletePod: the condition an evicted Pod carries while it terminates. */
  const markDisruptionTarget = (namespace: string, pod: string) =>
    api.modifyStatus('pods', namespace, pod, (o) => {
      const conditions = ((o.status?.conditions ?? []) as Record<string, unknown>[]).filter((c) => c.type !== 'DisruptionTarget');
      conditions.push({ type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: isoTime(cluster.clock.now()), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
      o.status = { ...o.status, conditions };
    });
  return {
    /** PUT `.../NAME/status`: replaces the status only. */
    updateStatus(resource: ResourceAddress, obj: KubeObject): WriteResult {
      const key = resourceKey(resourceTypeAt(resource));
      return { object: api.updateStatus(key, obj.metadata.namespace, obj.metadata.name ?? '', obj.status), warnings: [] };
    },
    /** GET `.../NAME/scale`. */
    getScale(resource: ResourceAddress, namespace: string | undefined, name: string): KubeObject {
      return scaleOf(api.get(scalableKey(resource), namespace, name));
    },
    /**
     * PUT `.../NAME/scale`: writes the Scale's `spec.replicas` to the object. A Scale carrying a
     * `metadata.resourceVersion` that is no longer the object's is a 409 Conflict, as for the
     * object itself; returns the new Scale.
     */
    updateScale(resource: ResourceAddress, namespace: string | undefined, name: string, scale: ScaleUpdate, opts: WriteOptions = {}): KubeObject {
      const key = scalableKey(resource);
      const copy = clone(api.get(key, namespace, name));
      copy.spec = { ...copy.spec, replicas: scale.spec.replicas };
      const rv = scale.metadata?.resourceVersion;
      if (rv) copy.metadata.resourceVersion = rv;
      else delete copy.metadata.resourceVersion;
      return scaleOf(api.update(key, copy, { dryRun: opts.dryRun }).object);
    },
    /** POST `pods/NAME/binding`: assigns an unscheduled Pod to a node. */
    bind(namespace: string, pod: string, node: string): KubeObject {
      const live = api.get('pods', namespace, pod);
      if (live.spec?.nodeName) {
        throw conflict(`Operation cannot be fulfilled on pods/binding "${pod}": pod ${pod} is already assigned to node "${live.spec.nodeName}"`);
      }
      return api.modify('pods', namespace, pod, (o) => {
        o.spec = { ...o.spec, nodeName: node };
      });
    },
    /**
     * POST `pods/NAME/eviction` (policy/v1 Eviction, registry/core/pod/storage/eviction.go):
     * a Pod that is Pending, terminal or already being deleted is deleted at once. Otherwise the
     * one PodDisruptionBudget selecting it decides (more than one is a 500): an unready Pod goes
     * when the budget's unhealthyPodEvictionPolicy is AlwaysAllow, or (IfHealthyBudget, the
     * default) when the budget is met without it; a ready one only while disruptionsAllowed is
     * above 0, which the eviction decrements, recording the Pod in disruptedPods until the
     * disruption controller sees it go. A budget the controller has not yet seen in its
     * current generation, or that allows nothing, refuses with 429 TooManyRequests. The Pod
     * then gets the DisruptionTarget condition and is deleted.
     */
    evict(namespace: string, pod: string, opts: DeleteOptions = {}): KubeObject {
      const live = api.get('pods', namespace, pod);
      const phase = live.status?.phase;
      const remove = () => {
        if (!opts.dryRun && !live.metadata.deletionTimestamp) markDisruptionTarget(namespace, pod);
        return api.delete('pods', namespace, pod, { gracePeriodSeconds: opts.gracePeriodSeconds, dryRun: opts.dryRun });
      };
      if (phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || live.metadata.deletionTimestamp) return remove();
      const pdbs = api.list('poddisruptionbudgets.policy', { namespace }).filter((pdb) => {
        let sel;
        try {
          sel = selectorFromSpec(pdb.spec?.selector);
        } catch {
          return false;
        }
        return !sel.nothing && sel.requirements.length > 0 && matches(sel, live.metadata.labels);
      });
      if (pdbs.length > 1) throw new ApiError('InternalError', 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
      const pdb = pdbs[0];
      if (!pdb) return remove();
      const st = (pdb.status ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!podReady(live)) {
        if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return remove();
        if ((st.currentHealthy ?? 0) >= (st.desiredHealthy ?? 0) && (st.desiredHealthy ?? 0) > 0) return remove();
      }
      const name = pdb.metadata.name!;
      const refuse = "Cannot evict pod as it would violate the pod's disruption budget.";
      if ((st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
        throw new ApiError('TooManyRequests', refuse, {
          retryAfterSeconds: 10,
          causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${name} is still being processed by the server.`, field: '' }],
        });
      }
      const allowed = st.disruptionsAllowed ?? 0;
      if (allowed < 0) throw new ApiError('Forbidden', `poddisruptionbudget.policy "${name}" is forbidden: pdb disruptions allowed is negative`, { name, group: 'policy', kind: 'poddisruptionbudget' });
      if (Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_PODS) {
        throw new ApiError('Forbidden', `poddisruptionbudget.policy "${name}" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller`, {
          name,
          group: 'policy',
          kind: 'poddisruptionbudget',
        });
      }
      if (allowed === 0) {
        throw new ApiError('TooManyRequests', refuse, {
          causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${name} needs ${st.desiredHealthy ?? 0} healthy pods and has ${st.currentHealthy ?? 0} currently`, field: '' }],
        });
      }
      if (!opts.dryRun) {
        const now = cluster.clock.now();
        api.modifyStatus('poddisruptionbudgets.policy', namespace, name, (o) => {
          const status = { ...o.status, disruptionsAllowed: allowed - 1 };
          if (status.disruptionsAllowed === 0) status.conditions = disruptionAllowedCondition(status, now);
          status.disruptedPods = { ...(status.disruptedPods ?? {}), [pod]: isoTime(now) };
          o.status = status;
        });
      }
      return remove();
    },
    /** PATCH `pods/NAME/ephemeralcontainers`: the Pod's ephemeral containers become `wanted`. */
    updateEphemeralContainers: (namespace: string, pod: string, wanted: Record<string, unknown>[]) => updateEphemeralContainers(cluster, namespace, pod, wanted),
    /** POST `serviceaccounts/NAME/token`: a TokenRequest with its status (the token). */
    createToken: (namespace: string, serviceAccount: string, spec: TokenRequestSpec) =>
      accessChecks(cluster, 'a token request').requestServiceAccountToken(cluster, namespace, serviceAccount, spec),
    /** `pods/NAME/portforward`: one HTTP request to `port` of the Pod (refused when it has no IP). */
    portForward(namespace: string, pod: string, port: number, path: string, agent: string) {
      const live = api.tryGet('pods', namespace, pod);
      const ip = live?.status?.podIP as string | undefined;
      if (!ip) return { error: 'refused' as const };
      return requestIP(cluster, { cluster: true }, ip, port, path, agent);
    },
    /** The aggregated `metrics.k8s.io` API (served by metrics-server when it runs). */
    metrics: {
      /** Whether the APIService is absent, registered but not answering, or ready. */
      state: () => metricsApiState(cluster),
      pods: (namespace?: string) => podMetrics(cluster, namespace),
      nodes: () => nodeMetrics(cluster),
    },
    /** The kubelet's streams (`exec`, `attach`), proxied by the API server. */
    exec(...args: Parameters<NonNullable<Cluster['nodeProxy']>['exec']>) {
      if (!cluster.nodeProxy) throw new ApiError('NotFound', 'the server could not find the requested resource');
      return cluster.nodeProxy.exec(...args);
    },
    attach(...args: Parameters<NonNullable<Cluster['nodeProxy']>['terminal']>) {
      return cluster.nodeProxy?.terminal(...args);
    },
    /** The attach stream's output: each write of the container's process, partial lines included. */
    attachOutput(...args: Parameters<NonNullable<Cluster['nodeProxy']>['attachOutput']>): () => void {
      if (!cluster.nodeProxy) throw new ApiError('NotFound', 'the server could not find the requested resource');
      return cluster.nodeProxy.attachOutput(...args);
    },
    /** What the container wrote after its last complete log line (not in the log yet). */
    pendingOutput(...args: Parameters<NonNullable<Cluster['nodeProxy']>['pendingOutput']>): string {
      return cluster.nodeProxy?.pendingOutput(...args) ?? '';
    },
  };
}

/** The subresource calls of a client (see `subresources`). */
export type Subresources = ReturnType<typeof subresources>;
