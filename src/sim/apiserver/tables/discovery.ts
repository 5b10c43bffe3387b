/**
 * The EndpointSlice table (printers.go printEndpointSlice): NAME, ADDRESSTYPE, PORTS,
 * ENDPOINTS, AGE, where at most three ports and three addresses are listed and the rest are
 * counted (`10.244.1.2,10.244.1.3,10.244.2.2 + 2 more...`).
 */
import type { KubeObject } from '../../api/types.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const MAX = 3;

/** Joins the first three items and counts the rest, `<unset>` when there are none (listWithMoreString). */
function listWithMore(items: string[]): string {
  const shown = items.slice(0, MAX).join(',');
  if (items.length > MAX) return `${shown} + ${items.length - MAX} more...`;
  return shown || '<unset>';
}

/** The PORTS cell: port numbers, else names, else `*`. */
export function formatSlicePorts(slice: KubeObject): string {
  const ports: Obj[] = (slice.ports as Obj[] | undefined) ?? [];
  return listWithMore(ports.map((p) => (p.port !== undefined && p.port !== null ? String(p.port) : typeof p.name === 'string' ? p.name : '*')));
}

/** The ENDPOINTS cell: every address of every endpoint, in order. */
export function formatSliceEndpoints(slice: KubeObject): string {
  const endpoints: Obj[] = (slice.endpoints as Obj[] | undefined) ?? [];
  return listWithMore(endpoints.flatMap((e) => ((e.addresses as string[] | undefined) ?? []).map(String)));
}

/** Installs its `kubectl get` tables into an API server. */
export function installDiscoveryTables(api: ApiRegistries): void {
  api.tables.register('endpointslices.discovery.k8s.io', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'AddressType', priority: 0 },
      { name: 'Ports', priority: 0 },
      { name: 'Endpoints', priority: 0 },
      { name: 'Age', priority: 0 },
    ],
    row: (o, now) => [o.metadata.name ?? '', String(o.addressType ?? ''), formatSlicePorts(o), formatSliceEndpoints(o), age(o, now)],
  });
}
