/**
 * What autoscaling/v1 keeps in annotations, in the shapes the real conversion writes: metrics
 * and their statuses as autoscaling/v1's own MetricSpec/MetricStatus types (`metricName`,
 * `targetAverageValue`, `currentAverageUtilization`), in Go's field order, and the behavior
 * as the internal type marshals it (Go field names: `{"ScaleUp":{"StabilizationWindowSeconds":0,...}}`).
 * Each shape has its way back, so a v1 object written with these annotations round-trips.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Drops undefined members, keeping the insertion (Go field) order. */
function defined(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** Which half of a metric a conversion reads: the spec's `target` or the status's `current`. */
type Side = 'target' | 'current';

/**
 * One autoscaling/v1 field: its name (`$` stands for the side, `$AverageValue` is
 * `targetAverageValue` in a spec and `currentAverageValue` in a status), where it sits in the
 * v2 source (`$.value` is `target.value` or `current.value`), and the zero the conversion
 * writes when v2 has no value, on the sides that write one.
 */
interface V1Field {
  v1: string;
  v2: string;
  zero?: { target?: string; current?: string };
}

/** How one source type converts: its v2 member, v1's fields in Go order, v2's member order by side. */
interface Layout {
  key: string;
  fields: V1Field[];
  v2Order: Record<Side, string[]>;
}

const ZERO_BOTH = { target: '0', current: '0' };

const resourceLayout = (key: string): Layout => ({
  key,
  fields: [
    { v1: 'name', v2: 'name' },
    { v1: '$AverageUtilization', v2: '$.averageUtilization' },
    { v1: '$AverageValue', v2: '$.averageValue', zero: { current: '0' } },
    { v1: 'container', v2: 'container' },
  ],
  v2Order: { target: ['name', '$', 'container'], current: ['name', 'container', '$'] },
});

/** The one table both the spec and the status conversions read, by source type. */
const LAYOUTS: Record<string, Layout> = {
  Resource: resourceLayout('resource'),
  ContainerResource: resourceLayout('containerResource'),
  Pods: {
    key: 'pods',
    fields: [
      { v1: 'metricName', v2: 'metric.name' },
      { v1: '$AverageValue', v2: '$.averageValue', zero: ZERO_BOTH },
      { v1: 'selector', v2: 'metric.selector' },
    ],
    v2Order: { target: ['metric', '$'], current: ['metric', '$'] },
  },
  Object: {
    key: 'object',
    fields: [
      { v1: 'target', v2: 'describedObject' },
      { v1: 'metricName', v2: 'metric.name' },
      { v1: '$Value', v2: '$.value', zero: ZERO_BOTH },
      { v1: 'selector', v2: 'metric.selector' },
      { v1: 'averageValue', v2: '$.averageValue' },
    ],
    v2Order: { target: ['metric', 'describedObject', '$'], current: ['metric', '$', 'describedObject'] },
  },
  External: {
    key: 'external',
    fields: [
      { v1: 'metricName', v2: 'metric.name' },
      { v1: 'metricSelector', v2: 'metric.selector' },
      { v1: '$Value', v2: '$.value', zero: { current: '0' } },
      { v1: '$AverageValue', v2: '$.averageValue' },
    ],
    v2Order: { target: ['metric', '$'], current: ['metric', '$'] },
  },
};

const v1Name = (f: V1Field, side: Side) => f.v1.replace('$', side);
const v2Path = (f: V1Field, side: Side) => f.v2.replace('$', side).split('.');
const at = (o: Obj, path: string[]): unknown => path.reduce<Obj | undefined>((x, k) => x?.[k], o);

/** A v2 metric (spec or status) as autoscaling/v1's; an unknown type stays `{"type":...}`. */
function toV1(m: Obj, side: Side): Obj {
  const layout = LAYOUTS[m.type as string];
  if (!layout) return { type: m.type ?? '' };
  const src = m[layout.key] ?? {};
  return { type: m.type, [layout.key]: defined(Object.fromEntries(layout.fields.map((f) => [v1Name(f, side), at(src, v2Path(f, side)) ?? f.zero?.[side]]))) };
}

/**
 * The v2 `target` of a spec: Utilization when v1 gave one, AverageValue when it gave an average
 * (or the type has no plain value), Value otherwise.
 */
function typedTarget(values: Obj, hasValue: boolean): Obj {
  if (values.averageUtilization !== undefined) return { type: 'Utilization', averageUtilization: values.averageUtilization };
  if (values.averageValue !== undefined || !hasValue) return { type: 'AverageValue', averageValue: values.averageValue };
  return { type: 'Value', value: values.value };
}

/** autoscaling/v1's metric (spec or status) back in the v2 form; an unknown type is kept as is. */
function fromV1(m: Obj, side: Side): Obj {
  const layout = LAYOUTS[m.type as string];
  if (!layout) return m;
  const src = m[layout.key] ?? {};
  const members: Obj = { metric: {}, [side]: {} };
  for (const f of layout.fields) {
    const path = v2Path(f, side);
    const value = src[v1Name(f, side)];
    if (path.length === 1) members[path[0]!] = value;
    else members[path[0]!][path[1]!] = value;
  }
  members.metric = defined(members.metric);
  const values = defined(members[side]);
  members[side] = side === 'target' ? typedTarget(values, layout.fields.some((f) => f.v2 === '$.value')) : values;
  return { type: m.type, [layout.key]: defined(Object.fromEntries(layout.v2Order[side].map((k) => (k === '$' ? side : k)).map((k) => [k, members[k]]))) };
}

/** A v2 MetricSpec as autoscaling/v1's MetricSpec. */
export const specToV1 = (m: Obj): Obj => toV1(m, 'target');

/** autoscaling/v1's MetricSpec back in the v2 form. */
export const specFromV1 = (m: Obj): Obj => fromV1(m, 'target');

/** A v2 MetricStatus as autoscaling/v1's MetricStatus (a metric not measured stays `{"type":""}`). */
export const statusToV1 = (m: Obj): Obj => toV1(m, 'current');

/** autoscaling/v1's MetricStatus back in the v2 form. */
export const statusFromV1 = (m: Obj): Obj => fromV1(m, 'current');

/** A condition in v1's field order. */
export function conditionToV1(c: Obj): Obj {
  return defined({ type: c.type, status: c.status, lastTransitionTime: c.lastTransitionTime, reason: c.reason, message: c.message });
}

const rulesToGo = (r: Obj | undefined): Obj | null =>
  r
    ? {
        StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
        SelectPolicy: r.selectPolicy ?? null,
        Policies: r.policies ? (r.policies as Obj[]).map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) : null,
      }
    : null;

const rulesFromGo = (r: Obj | null | undefined): Obj | undefined =>
  r
    ? defined({
        stabilizationWindowSeconds: r.StabilizationWindowSeconds ?? undefined,
        selectPolicy: r.SelectPolicy ?? undefined,
        policies: Array.isArray(r.Policies) ? (r.Policies as Obj[]).map((p) => ({ type: p.Type, value: p.Value, periodSeconds: p.PeriodSeconds })) : undefined,
      })
    : undefined;

/** spec.behavior as the conversion marshals the internal type (Go field names, nil as null). */
export function behaviorToGo(b: Obj): Obj {
  return { ScaleUp: rulesToGo(b.scaleUp), ScaleDown: rulesToGo(b.scaleDown) };
}

/** The behavior annotation back as spec.behavior. */
export function behaviorFromGo(b: Obj): Obj {
  return defined({ scaleUp: rulesFromGo(b.ScaleUp), scaleDown: rulesFromGo(b.ScaleDown) });
}
