/**
 * `describe hpa` (describe.go: describeHorizontalPodAutoscalerV2 and printDirectionBehavior):
 * reference, each metric as `current / target`, min/max, behavior when set, the target's
 * current and desired Pods, the conditions table and the events.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, rfc1123z, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function writeMetric(w: PrefixWriter, m: Obj, s: Obj | undefined): void {
  const unknown = '<unknown>';
  switch (m.type) {
    case 'Pods':
      w.write(1, `"${m.pods?.metric?.name}" on pods:\t${s?.pods?.current?.averageValue ?? unknown} / ${m.pods?.target?.averageValue}\n`);
      return;
    case 'Object': {
      const d = m.object?.describedObject ?? {};
      const t = m.object?.target ?? {};
      const cur = s?.object?.current ?? {};
      if (t.averageValue !== undefined)
        w.write(1, `"${m.object?.metric?.name}" on ${d.kind}/${d.name} (target average value):\t${cur.averageValue ?? unknown} / ${t.averageValue}\n`);
      else w.write(1, `"${m.object?.metric?.name}" on ${d.kind}/${d.name} (target value):\t${cur.value ?? unknown} / ${t.value}\n`);
      return;
    }
    case 'External': {
      const t = m.external?.target ?? {};
      const cur = s?.external?.current ?? {};
      if (t.averageValue !== undefined)
        w.write(1, `"${m.external?.metric?.name}" (target average value):\t${cur.averageValue ?? unknown} / ${t.averageValue}\n`);
      else w.write(1, `"${m.external?.metric?.name}" (target value):\t${cur.value ?? unknown} / ${t.value}\n`);
      return;
    }
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const src = m[key] ?? {};
      const cur = s?.[key]?.current;
      w.write(1, m.type === 'Resource' ? `resource ${src.name} on pods` : `resource ${src.name} of container "${src.container}" on pods`);
      if (src.target?.averageValue !== undefined) {
        w.write(0, `:\t${cur?.averageValue ?? unknown} / ${src.target.averageValue}\n`);
        return;
      }
      const current = cur?.averageUtilization !== undefined ? `${cur.averageUtilization}% (${cur.averageValue ?? '0'})` : unknown;
      const target = src.target?.averageUtilization !== undefined ? `${src.target.averageUtilization}%` : '<auto>';
      w.write(1, `(as a percentage of request):\t${current} / ${target}\n`);
      return;
    }
    default:
      w.write(1, `<unknown metric type "${m.type}">`);
  }
}

function writeDirection(w: PrefixWriter, title: string, rules: Obj | undefined): void {
  if (!rules) return;
  w.write(1, `${title}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined) w.write(2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  const policies = (rules.policies ?? []) as Obj[];
  if (!policies.length) return;
  w.write(2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
  w.write(2, 'Policies:\n');
  for (const p of policies) w.write(3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
}

/** `kubectl describe hpa NAME`. */
export function describeHpa(hpa: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = (hpa.spec ?? {}) as Obj;
  const status = (hpa.status ?? {}) as Obj;
  w.write(0, `Name:\t${hpa.metadata.name}\n`);
  w.write(0, `Namespace:\t${hpa.metadata.namespace}\n`);
  multiline(w, 0, 'Labels', labelItems(hpa.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(hpa.metadata.annotations));
  w.write(0, `CreationTimestamp:\t${rfc1123z(hpa.metadata.creationTimestamp)}\n`);
  w.write(0, `Reference:\t${spec.scaleTargetRef?.kind}/${spec.scaleTargetRef?.name}\n`);
  w.write(0, 'Metrics:\t( current / target )\n');
  ((spec.metrics ?? []) as Obj[]).forEach((m, i) => writeMetric(w, m, (status.currentMetrics ?? [])[i]));
  w.write(0, `Min replicas:\t${spec.minReplicas ?? '<unset>'}\n`);
  w.write(0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
  if (spec.behavior) {
    w.write(0, 'Behavior:\n');
    writeDirection(w, 'Scale Up', spec.behavior.scaleUp);
    writeDirection(w, 'Scale Down', spec.behavior.scaleDown);
  }
  w.write(0, `${spec.scaleTargetRef?.kind} pods:\t`);
  w.write(0, `${status.currentReplicas ?? 0} current / ${status.desiredReplicas ?? 0} desired\n`);
  const conditions = (status.conditions ?? []) as Obj[];
  if (conditions.length) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tReason\tMessage\n');
    w.write(1, '----\t------\t------\t-------\n');
    for (const c of conditions) w.write(1, `${c.type}\t${c.status}\t${c.reason}\t${c.message}\n`);
  }
  describeEvents(w, hpa, ctx);
  return w.toString();
}

registerDescriber('horizontalpodautoscalers.autoscaling', describeHpa);
