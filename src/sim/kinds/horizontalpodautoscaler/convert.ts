/**
 * The two versions of HorizontalPodAutoscaler the API server serves, autoscaling/v2 (stored,
 * preferred) and autoscaling/v1, and the conversion between them. v1 knows one metric, a CPU
 * utilization target (`targetCPUUtilizationPercentage`); what v1 cannot express (other
 * metrics, behavior, conditions, current metrics) travels in annotations, as the real conversion
 * keeps it, in the shapes of v1-annotations.ts.
 */
import { behaviorFromGo, behaviorToGo, conditionToV1, specFromV1, specToV1, statusToV1 } from './v1-annotations.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const HPAS = 'horizontalpodautoscalers.autoscaling';
export const V2 = 'autoscaling/v2';
export const V1 = 'autoscaling/v1';

/** Annotations the v1 form keeps what it cannot express in. */
export const METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const CURRENT_METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';

const isCpuUtilization = (m: Obj): boolean => m?.type === 'Resource' && m.resource?.name === 'cpu' && m.resource?.target?.type === 'Utilization';

function parseAnnotation(md: Obj, key: string): unknown {
  const raw = md.annotations?.[key];
  if (typeof raw !== 'string') return undefined;
  delete md.annotations[key];
  if (!Object.keys(md.annotations).length) delete md.annotations;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** An autoscaling/v1 object in the autoscaling/v2 form (the stored one). */
export function v1ToV2(obj: Obj): Obj {
  const out: Obj = {
    ...obj,
    apiVersion: V2,
    metadata: { ...obj.metadata, annotations: obj.metadata?.annotations ? { ...obj.metadata.annotations } : undefined },
  };
  if (!out.metadata.annotations) delete out.metadata.annotations;
  const spec: Obj = { ...(obj.spec ?? {}) };
  const cpu = spec.targetCPUUtilizationPercentage;
  delete spec.targetCPUUtilizationPercentage;
  const metrics: Obj[] = [];
  if (cpu !== undefined && cpu !== null)
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } } });
  const extra = parseAnnotation(out.metadata, METRICS_ANNOTATION);
  if (Array.isArray(extra)) metrics.push(...(extra as Obj[]).map(specFromV1));
  if (metrics.length) spec.metrics = metrics;
  const behavior = parseAnnotation(out.metadata, BEHAVIOR_ANNOTATION);
  if (behavior && typeof behavior === 'object') spec.behavior = behaviorFromGo(behavior as Obj);
  out.spec = spec;
  if (obj.status) {
    const st: Obj = { ...obj.status };
    const current = st.currentCPUUtilizationPercentage;
    delete st.currentCPUUtilizationPercentage;
    if (current !== undefined) st.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: current } } }];
    out.status = st;
  }
  parseAnnotation(out.metadata, CONDITIONS_ANNOTATION);
  parseAnnotation(out.metadata, CURRENT_METRICS_ANNOTATION);
  return out;
}

/** A stored (v2) object as autoscaling/v1 serves it. */
export function v2ToV1(obj: Obj): Obj {
  const annotations: Obj = { ...(obj.metadata?.annotations ?? {}) };
  const spec: Obj = { ...(obj.spec ?? {}) };
  const metrics = (spec.metrics ?? []) as Obj[];
  delete spec.metrics;
  const cpu = metrics.find(isCpuUtilization);
  if (cpu) spec.targetCPUUtilizationPercentage = cpu.resource.target.averageUtilization;
  const others = metrics.filter((m) => m !== cpu);
  if (others.length) annotations[METRICS_ANNOTATION] = JSON.stringify(others.map(specToV1));
  if (spec.behavior) annotations[BEHAVIOR_ANNOTATION] = JSON.stringify(behaviorToGo(spec.behavior));
  delete spec.behavior;
  // v1 never omits the replica counts.
  const status: Obj = { currentReplicas: 0, desiredReplicas: 0, ...(obj.status ?? {}) };
  const currentCpu = ((status.currentMetrics ?? []) as Obj[]).find((m) => m?.type === 'Resource' && m.resource?.name === 'cpu');
  if (currentCpu?.resource?.current?.averageUtilization !== undefined) status.currentCPUUtilizationPercentage = currentCpu.resource.current.averageUtilization;
  if (Array.isArray(status.conditions) && status.conditions.length) annotations[CONDITIONS_ANNOTATION] = JSON.stringify((status.conditions as Obj[]).map(conditionToV1));
  if (Array.isArray(status.currentMetrics) && status.currentMetrics.length)
    annotations[CURRENT_METRICS_ANNOTATION] = JSON.stringify((status.currentMetrics as Obj[]).map(statusToV1));
  delete status.currentMetrics;
  delete status.conditions;
  const metadata: Obj = { ...obj.metadata };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  return { ...obj, apiVersion: V1, metadata, spec, ...(obj.status ? { status } : {}) };
}
