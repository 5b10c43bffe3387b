/**
 * `kubectl get hpa` (printHorizontalPodAutoscaler): NAME, REFERENCE, TARGETS, MINPODS,
 * MAXPODS, REPLICAS, AGE. TARGETS is formatHPAMetrics: `cpu: 0%/50%` per metric (current from
 * status.currentMetrics at the same index, `<unknown>` until the controller has measured), at
 * most two, then `+ N more...`.
 */
import { age } from '../../apiserver/tables/table.ts';
import type { ApiRegistries } from '../../apiserver/registries.ts';
import type { HorizontalPodAutoscaler } from '../generated-types.ts';
import { HPAS } from './convert.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const pct = (v: unknown): string | undefined => (typeof v === 'number' ? `${v}%` : undefined);

function one(spec: Obj, status: Obj | undefined): string {
  const unknown = '<unknown>';
  switch (spec.type) {
    case 'External':
    case 'Object': {
      const key = spec.type === 'External' ? 'external' : 'object';
      const t = spec[key]?.target ?? {};
      const cur = status?.[key]?.current ?? {};
      if (t.averageValue !== undefined) return `${cur.averageValue ?? unknown}/${t.averageValue} (avg)`;
      return `${cur.value ?? unknown}/${t.value}`;
    }
    case 'Pods':
      return `${status?.pods?.current?.averageValue ?? unknown}/${spec.pods?.target?.averageValue}`;
    case 'Resource':
    case 'ContainerResource': {
      const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
      const s = spec[key] ?? {};
      const cur = status?.[key]?.current;
      if (s.target?.averageValue !== undefined) return `${s.name}: ${cur?.averageValue ?? unknown}/${s.target.averageValue}`;
      return `${s.name}: ${pct(cur?.averageUtilization) ?? unknown}/${pct(s.target?.averageUtilization) ?? '<auto>'}`;
    }
    default:
      return '<unknown type>';
  }
}

/** The TARGETS cell. */
export function formatHpaMetrics(o: HorizontalPodAutoscaler): string {
  const specs = (o.spec?.metrics ?? []) as Obj[];
  if (!specs.length) return '<none>';
  const statuses = (o.status?.currentMetrics ?? []) as Obj[];
  const list = specs.map((m, i) => one(m, statuses[i]));
  if (list.length > 2) return `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...`;
  return list.join(', ');
}

/** The `kubectl get hpa` columns. */
export function installHpaTable(api: ApiRegistries): void {
    api.tables.register(HPAS, {
    columns: ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age'].map((name) => ({ name, priority: 0 as const })),
    row: (o, now) => [
      o.metadata.name ?? '',
      `${o.spec?.scaleTargetRef?.kind ?? ''}/${o.spec?.scaleTargetRef?.name ?? ''}`,
      formatHpaMetrics(o),
      o.spec?.minReplicas === undefined ? '<unset>' : String(o.spec.minReplicas),
      String(o.spec?.maxReplicas ?? 0),
      String(o.status?.currentReplicas ?? 0),
      age(o, now),
    ],
  });
}
