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

/** A v2 MetricSpec as autoscaling/v1's MetricSpec. */
export function specToV1(m: Obj): Obj {
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      const t = s.target ?? {};
      return {
        type: m.type,
        [key]: defined({ name: s.name, targetAverageUtilization: t.averageUtilization, targetAverageValue: t.averageValue, container: s.container }),
      };
    }
    case 'Pods': {
      const p = m.pods ?? {};
      return { type: 'Pods', pods: defined({ metricName: p.metric?.name, targetAverageValue: p.target?.averageValue ?? '0', selector: p.metric?.selector }) };
    }
    case 'Object': {
      const o = m.object ?? {};
      return {
        type: 'Object',
        object: defined({
          target: o.describedObject,
          metricName: o.metric?.name,
          targetValue: o.target?.value ?? '0',
          selector: o.metric?.selector,
          averageValue: o.target?.averageValue,
        }),
      };
    }
    case 'External': {
      const e = m.external ?? {};
      return {
        type: 'External',
        external: defined({
          metricName: e.metric?.name,
          metricSelector: e.metric?.selector,
          targetValue: e.target?.value,
          targetAverageValue: e.target?.averageValue,
        }),
      };
    }
    default:
      return { type: m.type ?? '' };
  }
}

/** autoscaling/v1's MetricSpec back in the v2 form. */
export function specFromV1(m: Obj): Obj {
  const metric = (name: unknown, selector: unknown) => defined({ name, selector });
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      const target =
        s.targetAverageUtilization !== undefined
          ? { type: 'Utilization', averageUtilization: s.targetAverageUtilization }
          : { type: 'AverageValue', averageValue: s.targetAverageValue };
      return { type: m.type, [key]: defined({ name: s.name, target, container: s.container }) };
    }
    case 'Pods':
      return {
        type: 'Pods',
        pods: { metric: metric(m.pods?.metricName, m.pods?.selector), target: { type: 'AverageValue', averageValue: m.pods?.targetAverageValue } },
      };
    case 'Object': {
      const o = m.object ?? {};
      const target = o.averageValue !== undefined ? { type: 'AverageValue', averageValue: o.averageValue } : { type: 'Value', value: o.targetValue };
      return { type: 'Object', object: { metric: metric(o.metricName, o.selector), describedObject: o.target, target } };
    }
    case 'External': {
      const e = m.external ?? {};
      const target =
        e.targetAverageValue !== undefined ? { type: 'AverageValue', averageValue: e.targetAverageValue } : { type: 'Value', value: e.targetValue };
      return { type: 'External', external: { metric: metric(e.metricName, e.metricSelector), target } };
    }
    default:
      return m;
  }
}

/** A v2 MetricStatus as autoscaling/v1's MetricStatus (a metric not measured stays `{"type":""}`). */
export function statusToV1(m: Obj): Obj {
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      const c = s.current ?? {};
      return {
        type: m.type,
        [key]: defined({ name: s.name, currentAverageUtilization: c.averageUtilization, currentAverageValue: c.averageValue ?? '0', container: s.container }),
      };
    }
    case 'Pods': {
      const p = m.pods ?? {};
      return { type: 'Pods', pods: defined({ metricName: p.metric?.name, currentAverageValue: p.current?.averageValue ?? '0', selector: p.metric?.selector }) };
    }
    case 'Object': {
      const o = m.object ?? {};
      return {
        type: 'Object',
        object: defined({
          target: o.describedObject,
          metricName: o.metric?.name,
          currentValue: o.current?.value ?? '0',
          selector: o.metric?.selector,
          averageValue: o.current?.averageValue,
        }),
      };
    }
    case 'External': {
      const e = m.external ?? {};
      return {
        type: 'External',
        external: defined({
          metricName: e.metric?.name,
          metricSelector: e.metric?.selector,
          currentValue: e.current?.value ?? '0',
          currentAverageValue: e.current?.averageValue,
        }),
      };
    }
    default:
      return { type: m.type ?? '' };
  }
}

/** autoscaling/v1's MetricStatus back in the v2 form. */
export function statusFromV1(m: Obj): Obj {
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = m[key] ?? {};
      return {
        type: m.type,
        [key]: defined({
          name: s.name,
          container: s.container,
          current: defined({ averageUtilization: s.currentAverageUtilization, averageValue: s.currentAverageValue }),
        }),
      };
    }
    case 'Pods':
      return {
        type: 'Pods',
        pods: { metric: defined({ name: m.pods?.metricName, selector: m.pods?.selector }), current: { averageValue: m.pods?.currentAverageValue } },
      };
    case 'Object': {
      const o = m.object ?? {};
      return {
        type: 'Object',
        object: {
          metric: defined({ name: o.metricName, selector: o.selector }),
          current: defined({ value: o.currentValue, averageValue: o.averageValue }),
          describedObject: o.target,
        },
      };
    }
    case 'External': {
      const e = m.external ?? {};
      return {
        type: 'External',
        external: {
          metric: defined({ name: e.metricName, selector: e.metricSelector }),
          current: defined({ value: e.currentValue, averageValue: e.currentAverageValue }),
        },
      };
    }
    default:
      return m;
  }
}

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
