/**
 * The subresources kubectl reaches beyond plain objects: `status`, `scale`, `binding`,
 * `eviction`, `ephemeralcontainers`, `token`, `exec`/`attach`, `portforward`, and the
 * aggregated metrics API (`metrics.k8s.io`), each as the API server serves it.
 */
import { ApiError, conflict } from '../api/errors.ts';
import { clone, isoTime, type KubeObject } from '../api/types.ts';
import { PDB_CODE } from '../kinds/poddisruptionbudget/index.ts';
import type { Cluster } from '../cluster.ts';
import { resourceKey } from '../api/resources.ts';
import { updateEphemeralContainers } from '../apiserver/kinds/pod-ephemeral.ts';
import { accessChecks } from '../auth/access-checks-part.ts';
import type { TokenRequestSpec } from '../auth/service-account-token.ts';
import { prepareNetworkCode, requireNetworkCode } from '../network/network-code-part.ts';
import { metricsApiState, nodeMetrics, podMetrics } from '../addons/metrics-server/storage.ts';
import { resourceTypeAt } from './address.ts';
import type { DeleteOptions, ResourceAddress, WriteOptions, WriteResult } from './types.ts';

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
     * one PodDisruptionBudget selecting it decides (kinds/poddisruptionbudget/eviction.ts, which
     * loads with the kind). The Pod then gets the DisruptionTarget condition and is deleted.
     */
    evict(namespace: string, pod: string, opts: DeleteOptions = {}): KubeObject {
      const live = api.get('pods', namespace, pod);
      const phase = live.status?.phase;
      const remove = () => {
        if (!opts.dryRun && !live.metadata.deletionTimestamp) markDisruptionTarget(namespace, pod);
        return api.delete('pods', namespace, pod, { gracePeriodSeconds: opts.gracePeriodSeconds, dryRun: opts.dryRun });
      };
      if (phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || live.metadata.deletionTimestamp) return remove();
      const pdbs = api.list('poddisruptionbudgets.policy', { namespace });
      // A budget exists only once its kind's code is there (its create prepared it).
      if (pdbs.length) {
        const budgets = cluster.code.loaded(PDB_CODE);
        if (!budgets) throw new ApiError('InternalError', "Internal error occurred: the simulator's code for poddisruptionbudgets.policy has not loaded yet");
        budgets.admitEviction(cluster, live, pdbs, opts.dryRun);
      }
      return remove();
    },
    /** PATCH `pods/NAME/ephemeralcontainers`: the Pod's ephemeral containers become `wanted`. */
    updateEphemeralContainers: (namespace: string, pod: string, wanted: Record<string, unknown>[]) => updateEphemeralContainers(cluster, namespace, pod, wanted),
    /** POST `serviceaccounts/NAME/token`: a TokenRequest with its status (the token). */
    createToken: (namespace: string, serviceAccount: string, spec: TokenRequestSpec) =>
      accessChecks(cluster, 'a token request').requestServiceAccountToken(cluster, namespace, serviceAccount, spec),
    /** Loads the network code `portForward` needs (undefined when it is there): port-forward awaits it before it listens. */
    preparePortForward: () => prepareNetworkCode(cluster),
    /** `pods/NAME/portforward`: one HTTP request to `port` of the Pod (refused when it has no IP). */
    portForward(namespace: string, pod: string, port: number, path: string, agent: string) {
      const live = api.tryGet('pods', namespace, pod);
      const ip = live?.status?.podIP as string | undefined;
      if (!ip) return { error: 'refused' as const };
      return requireNetworkCode(cluster).requestIP(cluster, { cluster: true }, ip, port, path, agent);
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
