/**
 * What the EndpointSlice mirroring controller wants for one hand-written Endpoints object
 * (pkg/controller/endpointslicemirroring, reconciler and desiredCalc): each subset's ports
 * become the slice ports, its addresses the endpoints (`ready: true` for `addresses`,
 * `ready: false` for `notReadyAddresses`), at most `maxPerSubset` addresses of a subset
 * (ready ones first); subsets with the same ports and address family share one slice.
 * Addresses that are not IPs are skipped and counted.
 */
import type { KubeObject } from '../../api/types.ts';
import { canonical } from './desired.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The mirroring controller's default `--mirroring-max-endpoints-per-subset`. */
export const MAX_MIRRORED_PER_SUBSET = 1000;

/** The endpoints and ports of one slice to be, by port set and address family. */
export interface MirrorGroup {
  key: string;
  addressType: 'IPv4' | 'IPv6';
  ports: Obj[];
  /** Endpoints in the Endpoints' order, one per address (a repeated address keeps its last form). */
  endpoints: Map<string, Obj>;
}

/** The desired state of one Endpoints object's mirrored slices. */
export interface MirrorPlan {
  groups: Map<string, MirrorGroup>;
  /** Addresses left out for not being IPs. */
  invalid: number;
  /** Addresses left out in all (invalid ones, and those over the per-subset limit). */
  skipped: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The address family of `ip`, or undefined when it is not an IP address. */
export function addressFamily(ip: string): 'IPv4' | 'IPv6' | undefined {
  const m = IPV4.exec(ip);
  if (m) return m.slice(1).every((o) => Number(o) <= 255) ? 'IPv4' : undefined;
  return /^[0-9a-fA-F:]+$/.test(ip) && ip.includes(':') && (ip.match(/::/g) ?? []).length <= 1 ? 'IPv6' : undefined;
}

/** The slice ports of a subset's ports (epPortsToEpsPorts): name, port and protocol always present. */
export function slicePortsOf(ports: Obj[] | undefined): Obj[] {
  return (ports ?? []).map((p) => ({
    name: p.name ?? '',
    port: p.port,
    protocol: p.protocol ?? 'TCP',
    ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}),
  }));
}

/** The key grouping slices: the address family and the port set (order-insensitive). */
export function groupKey(addressType: string, ports: Obj[]): string {
  return `${addressType}/${canonical(ports)}`;
}

/** An Endpoints address as a slice endpoint (addressToEndpoint). */
function toEndpoint(address: Obj, ready: boolean): Obj {
  return {
    addresses: [String(address.ip)],
    conditions: { ready },
    ...(address.hostname ? { hostname: address.hostname } : {}),
    ...(address.targetRef ? { targetRef: address.targetRef } : {}),
    ...(address.nodeName ? { nodeName: address.nodeName } : {}),
  };
}

/** What to mirror from `endpoints`. */
export function mirrorPlan(endpoints: KubeObject, maxPerSubset = MAX_MIRRORED_PER_SUBSET): MirrorPlan {
  const groups = new Map<string, MirrorGroup>();
  let invalid = 0;
  let skipped = 0;
  for (const subset of (endpoints.subsets as Obj[] | undefined) ?? []) {
    const ports = slicePortsOf(subset.ports);
    const groupFor = (addressType: 'IPv4' | 'IPv6'): MirrorGroup => {
      const key = groupKey(addressType, ports);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { key, addressType, ports, endpoints: new Map() }));
      return g;
    };
    // Both families get a group, so slices of a family no longer present are deleted.
    groupFor('IPv4');
    groupFor('IPv6');
    const all: [Obj, boolean][] = [
      ...((subset.addresses as Obj[] | undefined) ?? []).map((a): [Obj, boolean] => [a, true]),
      ...((subset.notReadyAddresses as Obj[] | undefined) ?? []).map((a): [Obj, boolean] => [a, false]),
    ];
    let added = 0;
    for (const [address, ready] of all) {
      if (added >= maxPerSubset) break;
      const family = addressFamily(String(address.ip ?? ''));
      if (!family) {
        invalid++;
        continue;
      }
      const ep = toEndpoint(address, ready);
      groupFor(family).endpoints.set(`${address.ip}|${address.hostname ?? ''}|${canonical(address.targetRef ?? null)}`, ep);
      added++;
    }
    skipped += all.length - added;
  }
  return { groups, invalid, skipped };
}
