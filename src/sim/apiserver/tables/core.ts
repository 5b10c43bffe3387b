/**
 * Tables for the core kinds besides Pods (printers.go): Namespaces, ConfigMaps, Secrets,
 * ServiceAccounts, Services, Nodes, Events, Endpoints, ComponentStatuses.
 * Cells are computed as the server does with Wide set; kubectl drops priority-1 columns.
 */
import { humanDuration } from '../../api/duration.ts';
import { formatLabels } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';
import { age, type TableColumn, type TableConverter } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** This module's conversions, installed by `installCoreTables`. */
const CONVERTERS = new Map<string, TableConverter>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const col = (name: string, priority: 0 | 1 = 0): TableColumn => ({ name, priority });
const count = (m: unknown): number => (m && typeof m === 'object' ? Object.keys(m).length : 0);

function since(ts: unknown, now: number): string {
  if (typeof ts !== 'string' || !ts) return '<unknown>';
  const t = Date.parse(ts);
  return Number.isNaN(t) ? '<unknown>' : humanDuration(now - t);
}

CONVERTERS.set('namespaces', {
  columns: [col('Name'), col('Status'), col('Age')],
  row: (o, now) => [o.metadata.name ?? '', o.status?.phase ?? '', age(o, now)],
});

CONVERTERS.set('configmaps', {
  columns: [col('Name'), col('Data'), col('Age')],
  row: (o, now) => [o.metadata.name ?? '', String(count(o.data) + count(o.binaryData)), age(o, now)],
});

CONVERTERS.set('secrets', {
  columns: [col('Name'), col('Type'), col('Data'), col('Age')],
  row: (o, now) => [o.metadata.name ?? '', String(o.type ?? ''), String(count(o.data)), age(o, now)],
});

CONVERTERS.set('serviceaccounts', {
  columns: [col('Name'), col('Secrets'), col('Age')],
  row: (o, now) => [o.metadata.name ?? '', String(Array.isArray(o.secrets) ? o.secrets.length : 0), age(o, now)],
});

/** EXTERNAL-IP as getServiceExternalIP computes it (server-side, so never truncated). */
export function serviceExternalIP(svc: KubeObject): string {
  const spec: Obj = svc.spec ?? {};
  const externalIPs: string[] = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const ingress: Obj[] = svc.status?.loadBalancer?.ingress ?? [];
      const lb = ingress.map((i) => i.ip || i.hostname).filter(Boolean) as string[];
      const all = [...lb, ...externalIPs];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return String(spec.externalName ?? '');
  }
  return '<unknown>';
}

/** PORT(S): `80/TCP`, `80:31018/TCP`, comma-joined; `<none>` without ports. */
export function servicePorts(svc: KubeObject): string {
  const ports: Obj[] = svc.spec?.ports ?? [];
  const s = ports.map((p) => (p.nodePort > 0 ? `${p.port}:${p.nodePort}/${p.protocol}` : `${p.port}/${p.protocol}`)).join(',');
  return s || '<none>';
}

CONVERTERS.set('services', {
  columns: [col('Name'), col('Type'), col('Cluster-IP'), col('External-IP'), col('Port(s)'), col('Age'), col('Selector', 1)],
  row: (o, now) => [
    o.metadata.name ?? '',
    String(o.spec?.type ?? ''),
    o.spec?.clusterIPs?.[0] ?? '<none>',
    serviceExternalIP(o),
    servicePorts(o),
    age(o, now),
    formatLabels(o.spec?.selector),
  ],
});

/** STATUS of a node: Ready / NotReady / Unknown, plus SchedulingDisabled when cordoned. */
export function nodeStatus(node: KubeObject): string {
  const ready = (node.status?.conditions as Obj[] | undefined)?.find((c) => c.type === 'Ready');
  const parts = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (node.spec?.unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

/** ROLES from `node-role.kubernetes.io/<role>` and `kubernetes.io/role` labels, sorted. */
export function nodeRoles(node: KubeObject): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/')) {
      const r = k.slice('node-role.kubernetes.io/'.length);
      if (r) roles.add(r);
    } else if (k === 'kubernetes.io/role' && v) roles.add(v);
  }
  return roles.size ? [...roles].sort().join(',') : '<none>';
}

function nodeAddress(node: KubeObject, type: string): string {
  const a = (node.status?.addresses as Obj[] | undefined)?.find((x) => x.type === type);
  return a?.address || '<none>';
}

CONVERTERS.set('nodes', {
  columns: [
    col('Name'),
    col('Status'),
    col('Roles'),
    col('Age'),
    col('Version'),
    col('Internal-IP', 1),
    col('External-IP', 1),
    col('OS-Image', 1),
    col('Kernel-Version', 1),
    col('Container-Runtime', 1),
  ],
  row(o, now) {
    const info: Obj = o.status?.nodeInfo ?? {};
    return [
      o.metadata.name ?? '',
      nodeStatus(o),
      nodeRoles(o),
      age(o, now),
      String(info.kubeletVersion ?? ''),
      nodeAddress(o, 'InternalIP'),
      nodeAddress(o, 'ExternalIP'),
      info.osImage || '<unknown>',
      info.kernelVersion || '<unknown>',
      info.containerRuntimeVersion || '<unknown>',
    ];
  },
});

CONVERTERS.set('events', {
  columns: [
    col('Last Seen'),
    col('Type'),
    col('Reason'),
    col('Object'),
    col('Subobject', 1),
    col('Source', 1),
    col('Message'),
    col('First Seen', 1),
    col('Count', 1),
    col('Name', 1),
  ],
  row(o, now) {
    const io: Obj = (o.involvedObject as Obj) ?? {};
    const src: Obj = (o.source as Obj) ?? {};
    let first = o.firstTimestamp ? since(o.firstTimestamp, now) : since(o.eventTime, now);
    if (!o.firstTimestamp && !o.eventTime) first = '<unknown>';
    let last = o.lastTimestamp ? since(o.lastTimestamp, now) : first;
    let n = Number(o.count ?? 0);
    const series = o.series as Obj | undefined;
    if (series) {
      last = since(series.lastObservedTime, now);
      n = Number(series.count ?? 0);
    } else if (n === 0) n = 1;
    const kind = String(io.kind ?? '').toLowerCase();
    const target = io.name ? `${kind}/${io.name}` : kind;
    const component = src.component || String(o.reportingComponent ?? o.reportingController ?? '');
    const instance = src.host || String(o.reportingInstance ?? '');
    return [
      last,
      String(o.type ?? ''),
      String(o.reason ?? ''),
      target,
      String(io.fieldPath ?? ''),
      instance ? `${component}, ${instance}` : component,
      String(o.message ?? '').trim(),
      first,
      String(n),
      o.metadata.name ?? '',
    ];
  },
});

/** ENDPOINTS: `ip:port` list, at most 3 then ` + N more...`; `<none>` without subsets. */
export function formatEndpoints(ep: KubeObject): string {
  const subsets: Obj[] = (ep.subsets as Obj[] | undefined) ?? [];
  if (!subsets.length) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let total = 0;
  for (const ss of subsets) {
    const addrs: Obj[] = ss.addresses ?? [];
    const ports: Obj[] = ss.ports ?? [];
    if (!ports.length) {
      total += addrs.length;
      for (const a of addrs) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const p of ports) {
      total += addrs.length;
      for (const a of addrs) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(String(a.ip).includes(':') ? `[${a.ip}]:${p.port}` : `${a.ip}:${p.port}`);
      }
    }
  }
  const s = list.join(',');
  return more ? `${s} + ${total - max} more...` : s;
}

CONVERTERS.set('endpoints', {
  columns: [col('Name'), col('Endpoints'), col('Age')],
  row: (o, now) => [o.metadata.name ?? '', formatEndpoints(o), age(o, now)],
});

CONVERTERS.set('componentstatuses', {
  columns: [col('Name'), col('Status'), col('Message'), col('Error')],
  row(o) {
    const c = ((o.conditions as Obj[] | undefined) ?? []).find((x) => x.type === 'Healthy');
    const status = !c ? 'Unknown' : c.status === 'True' ? 'Healthy' : 'Unhealthy';
    return [o.metadata.name ?? '', status, String(c?.message ?? ''), String(c?.error ?? '')];
  },
});

/** Installs these kinds' `kubectl get` tables into an API server. */
export function installCoreTables(api: ApiRegistries): void {
  for (const [resource, c] of CONVERTERS) api.tables.register(resource, c);
}
