/**
 * The horizontal-pod-autoscaler controller (pkg/controller/podautoscaler/horizontal.go): every
 * 15 s (--horizontal-pod-autoscaler-sync-period) each HPA reads its target's scale, asks the
 * resource metrics API for its Pods' usage, computes the desired count (replicas.ts), applies
 * stabilisation and rate limits (scaling.ts), writes the target's replicas and its own status
 * and conditions, and records SuccessfulRescale / FailedGetResourceMetric /
 * FailedComputeMetricsReplicas events as the real controller does.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import type { HorizontalPodAutoscaler, Pod } from '../generated-types.ts';
import { isoTime } from '../../api/types.ts';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';
import { matches, selectorFromSet, selectorFromSpec } from '../../api/labels.ts';
import { resourceKey, typeByGvk } from '../../api/resources.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import { metricsApiState, podMetrics } from '../../addons/metrics-server/storage.ts';
import { HPAS } from './convert.ts';
import { resourceReplicas, type PodUsage } from './replicas.ts';
import { normalizeDefault, normalizeWithBehavior, type Timed } from './scaling.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const HPA_CONTROLLER = 'horizontal-pod-autoscaler';
/** --horizontal-pod-autoscaler-sync-period. */
export const SYNC_PERIOD_MS = 15_000;
const SOURCE = { component: HPA_CONTROLLER };

interface State {
  next: number;
  recs: Timed[];
  ups: Timed[];
  downs: Timed[];
}

/** A quantity in the units the metrics carry: millicores for cpu, bytes otherwise. */
const amount = (resource: string, q: unknown) => (resource === 'cpu' ? milliValue(parseQuantity(String(q))) : quantityValue(parseQuantity(String(q))));
const milli = (v: number) => (v % 1000 === 0 ? String(v / 1000) : `${v}m`);

function setCondition(status: Obj, type: string, value: string, reason: string, message: string, now: number): void {
  const list = (status.conditions ??= []) as Obj[];
  const found = list.find((c) => c.type === type);
  const ts = isoTime(now);
  if (!found) list.push({ type, status: value, lastTransitionTime: ts, reason, message });
  else {
    if (found.status !== value) found.lastTransitionTime = ts;
    Object.assign(found, { status: value, reason, message });
  }
}

/** Usage per Pod name from the metrics API, or the API's error as the metrics client words it. */
function podUsage(cluster: Cluster, ns: string, resource: string, pods: Pod[]): Map<string, PodUsage> | string {
  const state = metricsApiState(cluster);
  const prefix = `unable to get metrics for resource ${resource}: `;
  if (state === 'absent')
    return `${prefix}unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)`;
  if (state === 'unavailable')
    return `${prefix}unable to fetch metrics from resource metrics API: the server is currently unable to handle the request (get pods.metrics.k8s.io)`;
  const names = new Set(pods.map((p) => p.metadata.name));
  const out = new Map<string, PodUsage>();
  for (const m of podMetrics(cluster, ns)) {
    if (!names.has(m.name)) continue;
    const value = m.containers.reduce((a, c) => a + (resource === 'cpu' ? c.cpuMilli : c.memoryBytes), 0);
    out.set(m.name, { value, timestamp: m.timestamp, windowMs: m.window * 1000 });
  }
  if (!out.size) return `${prefix}no metrics returned from resource metrics API`;
  return out;
}

/** A LabelSelector as Go's `%+v` prints it (`nil` when absent), in the external metrics error. */
function goSelector(sel: Obj | undefined): string {
  if (!sel) return 'nil';
  const labels = Object.keys(sel.matchLabels ?? {}).sort().map((k) => `${k}: ${sel.matchLabels[k]},`).join('');
  const exprs = ((sel.matchExpressions ?? []) as Obj[])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

const NO_CUSTOM_METRICS = 'unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered';

/**
 * Why a Pods, Object or External metric cannot be read on a cluster without custom or external
 * metrics APIs: the event reason, the replica calculator's error, and the error the controller
 * wraps it in (horizontal.go computeReplicasForMetric), word for word.
 */
function unservedMetric(m: Obj, ns: string): { reason: string; error: string; wrapped: string } {
  if (m.type === 'Pods') {
    const error = `unable to get metric ${m.pods?.metric?.name}: ${NO_CUSTOM_METRICS}`;
    return { reason: 'FailedGetPodsMetric', error, wrapped: `failed to get pods metric value: ${error}` };
  }
  if (m.type === 'Object') {
    const o = m.object ?? {};
    // replica_calculator.go formats these arguments in this (shuffled) order.
    const error = `unable to get metric ${o.metric?.name}: ${o.describedObject?.kind} on ${ns} ${o.describedObject?.name}/${NO_CUSTOM_METRICS}`;
    return { reason: 'FailedGetObjectMetric', error, wrapped: `failed to get object metric value: ${error}` };
  }
  const e = m.external ?? {};
  const name = e.metric?.name;
  const error = `unable to get external metric ${ns}/${name}/${goSelector(e.metric?.selector)}: unable to fetch metrics from external metrics API: the server could not find the requested resource (get ${name}.external.metrics.k8s.io)`;
  const inner = e.target?.averageValue !== undefined ? `failed to get ${name} external metric: ${error}` : `failed to get external metric ${name}: ${error}`;
  return { reason: 'FailedGetExternalMetric', error, wrapped: `failed to get ${name} external metric value: ${inner}` };
}

/** The controller for one cluster. */
export function hpaController(cluster: Cluster): Controller {
  const api = cluster.api;
  const states = new Map<string, State>();

  function compute(
    hpa: HorizontalPodAutoscaler,
    target: KubeObject,
    current: number,
    status: Obj,
    now: number,
  ): { desired: number; metric: string; statuses: Obj[] } | { error: string } {
    const specs = (hpa.spec?.metrics ?? []) as Obj[];
    const statuses: Obj[] = specs.map(() => ({ type: '' }));
    const ns = hpa.metadata.namespace!;
    // The scale subresource's selector: a ReplicationController's is a plain label map.
    const selector = target.kind === 'ReplicationController' ? selectorFromSet(target.spec?.selector) : selectorFromSpec(target.spec?.selector);
    const pods = api.list('pods', { namespace: ns }).filter((p) => matches(selector, p.metadata.labels));
    let best = -1;
    let bestName = '';
    let invalid = 0;
    // The condition and error of the first metric that could not be computed (reason, message, error).
    let firstInvalid: [string, string, string] | undefined;
    specs.forEach((m, i) => {
      const src = m.type === 'ContainerResource' ? m.containerResource : m.resource;
      const t = src?.target ?? {};
      const resourceMetric = m.type === 'Resource' || m.type === 'ContainerResource';
      const goal =
        t.type === 'Utilization'
          ? { utilization: Number(t.averageUtilization) }
          : t.type === 'AverageValue'
            ? { averageValue: amount(src?.name, t.averageValue) }
            : undefined;
      if (!resourceMetric) {
        // Pods, Object and External metrics come from the custom and external metrics APIs,
        // which a kind cluster does not serve.
        const failed = unservedMetric(m, ns);
        cluster.events.record(hpa, 'Warning', failed.reason, failed.error, SOURCE);
        invalid++;
        if (!firstInvalid) firstInvalid = [failed.reason, `the HPA was unable to compute the replica count: ${failed.error}`, failed.wrapped];
        return;
      }
      if (!goal) {
        const msg = 'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set';
        invalid++;
        if (!firstInvalid) firstInvalid = [m.type === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric', `the HPA was unable to compute the replica count: ${msg}`, msg];
        return;
      }
      const usage = podUsage(cluster, ns, src.name, pods);
      const r =
        typeof usage === 'string'
          ? { error: usage }
          : resourceReplicas(pods, usage, src.name, goal, current, now, m.type === 'ContainerResource' ? src.container : undefined);
      if ('error' in r) {
        const err = 'utilization' in goal ? `failed to get ${src.name} utilization: ${r.error}` : `failed to get ${src.name} usage: ${r.error}`;
        const reason = m.type === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric';
        cluster.events.record(hpa, 'Warning', reason, err, SOURCE);
        invalid++;
        const wrapped = m.type === 'Resource' ? `failed to get ${src.name} resource metric value: ${err}` : `failed to get ${src.container} container metric value: ${err}`;
        if (!firstInvalid) firstInvalid = [reason, `the HPA was unable to compute the replica count: ${err}`, wrapped];
        return;
      }
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const value = src.name === 'cpu' ? milli(r.rawAverage) : String(r.rawAverage);
      const measured = 'utilization' in goal ? { averageUtilization: r.utilization, averageValue: value } : { averageValue: value };
      statuses[i] = { type: m.type, [key]: { name: src.name, ...(src.container ? { container: src.container } : {}), current: measured } };
      if (r.replicas > best) {
        best = r.replicas;
        const kind = m.type === 'ContainerResource' ? 'container resource' : 'resource';
        bestName = 'utilization' in goal ? `${src.name} ${kind} utilization (percentage of request)` : `${src.name} ${kind}`;
      }
    });
    if (invalid >= specs.length || (invalid > 0 && best < current)) {
      if (firstInvalid) setCondition(status, 'ScalingActive', 'False', firstInvalid[0], firstInvalid[1], now);
      status.currentMetrics = statuses;
      return { error: `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstInvalid?.[2] ?? ''}` };
    }
    setCondition(status, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${bestName}`, now);
    return { desired: best, metric: bestName, statuses };
  }

  function sync(hpa: HorizontalPodAutoscaler, st: State): void {
    const now = cluster.clock.now();
    const status: Obj = JSON.parse(JSON.stringify(hpa.status ?? {}));
    const ref = (hpa.spec?.scaleTargetRef ?? {}) as Obj;
    const type = typeByGvk(String(ref.apiVersion ?? ''), String(ref.kind ?? ''));
    const ns = hpa.metadata.namespace!;
    const target = type ? api.tryGet(resourceKey(type), ns, ref.name) : undefined;
    const write = () => {
      status.observedGeneration = hpa.metadata.generation;
      api.modifyStatus(HPAS, ns, hpa.metadata.name!, (o) => {
        o.status = status;
      });
    };
    if (!type || !target || !['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController'].includes(type.kind)) {
      const err = !type
        ? `no matches for kind "${ref.kind}" in group "${String(ref.apiVersion ?? '').split('/')[0]}"`
        : `${type.plural}.${type.group || ''}`.replace(/\.$/, '') + ` "${ref.name}" not found`;
      setCondition(status, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${err}`, now);
      status.currentReplicas ??= 0;
      status.desiredReplicas ??= 0;
      write();
      cluster.events.record(hpa, 'Warning', 'FailedGetScale', err, SOURCE);
      return;
    }
    setCondition(status, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale", now);
    const current = Number(target.spec?.replicas ?? 1);
    const min = Number(hpa.spec?.minReplicas ?? 1);
    const max = Number(hpa.spec?.maxReplicas ?? 1);
    if (!st.recs.length) st.recs.push({ value: current, at: now });
    let desired = current;
    let reason = '';
    let statuses: Obj[] = status.currentMetrics ?? [];
    if (current === 0 && min !== 0) {
      setCondition(status, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', now);
      desired = 0;
    } else if (current > max) {
      [desired, reason] = [max, 'Current number of replicas above Spec.MaxReplicas'];
    } else if (current < min) {
      [desired, reason] = [min, 'Current number of replicas below Spec.MinReplicas'];
    } else {
      const r = compute(hpa, target, current, status, now);
      if ('error' in r) {
        status.currentReplicas = current;
        write();
        cluster.events.record(hpa, 'Warning', 'FailedComputeMetricsReplicas', r.error, SOURCE);
        return;
      }
      statuses = r.statuses;
      if (r.desired > current) reason = `${r.metric} above target`;
      if (r.desired < current) reason = 'All metrics below target';
      const n = hpa.spec?.behavior
        ? normalizeWithBehavior(st.recs, st.ups, st.downs, hpa.spec.behavior, current, r.desired, min, max, now)
        : normalizeDefault(st.recs, current, r.desired, min, max, now);
      desired = n.replicas;
      setCondition(status, 'AbleToScale', 'True', n.able[0], n.able[1], now);
      setCondition(status, 'ScalingLimited', n.limited[0] ? 'True' : 'False', n.limited[1], n.limited[2], now);
    }
    const rescale = desired !== current;
    if (rescale) {
      api.modify(resourceKey(type), ns, ref.name, (o) => {
        o.spec = { ...o.spec, replicas: desired };
      });
      setCondition(status, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`, now);
      cluster.events.record(hpa, 'Normal', 'SuccessfulRescale', `New size: ${desired}; reason: ${reason}`, SOURCE);
      if (hpa.spec?.behavior) (desired > current ? st.ups : st.downs).push({ value: Math.abs(desired - current), at: now });
      status.lastScaleTime = isoTime(now);
    }
    status.currentReplicas = current;
    status.desiredReplicas = desired;
    status.currentMetrics = statuses;
    write();
  }

  return {
    name: HPA_CONTROLLER,
    watches: [{ resource: HPAS, keys: (e) => [keyOf(e.object)] }],
    initialKeys: () => api.list(HPAS).map(keyOf),
    reconcile(key) {
      const { namespace, name } = splitKey(key);
      const hpa = api.tryGet(HPAS, namespace, name);
      if (!hpa || hpa.metadata.deletionTimestamp) {
        states.delete(key);
        return;
      }
      const now = cluster.clock.now();
      const st = states.get(key) ?? { next: 0, recs: [], ups: [], downs: [] };
      states.set(key, st);
      // The work queue's rate limiter: at most one sync per period, whatever the watch says.
      if (now < st.next) return;
      st.next = now + SYNC_PERIOD_MS;
      sync(hpa, st);
      return { requeueAfter: SYNC_PERIOD_MS };
    },
  };
}
