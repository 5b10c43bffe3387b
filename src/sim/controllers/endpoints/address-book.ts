/**
 * The Endpoints (v1) side of one Service, kept incrementally: one entry per Pod that belongs
 * in its subsets, in address order (IP, then Pod UID, as RepackSubsets sorts) within each
 * subset, so a Pod change costs a search and a short splice instead of a rebuild of every address. `build()`
 * turns the entries into subsets and applies the endpoints controller's capacity: at most
 * 1,000 addresses, ready ones first (truncateEndpoints).
 */
import type { KubeObject } from '../../api/types.ts';
import { SortedChunks } from './sorted-chunks.ts';
import { hostnameFor, isPodReady, podPorts, portlessHeadless, shouldPodBeInEndpoints, targetRef } from './desired.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The most addresses an Endpoints object holds (the endpoints controller's maxCapacity). */
export const MAX_ENDPOINTS_ADDRESSES = 1000;

/** One Pod's address in the Endpoints object. */
export interface AddressEntry {
  ip: string;
  uid: string;
  ready: boolean;
  /** Identifies the subset: Pods with the same resolved ports share one. */
  portsKey: string;
  ports: Obj[];
  address: Obj;
  /** The entry's whole content, to tell a real change from a repeated event. */
  sig: string;
}

/** The Pod's entry in the Service's Endpoints, or undefined when it has none (no IP, finished, no port resolves). */
export function addressEntry(svc: KubeObject, pod: KubeObject): AddressEntry | undefined {
  const publish = svc.spec?.publishNotReadyAddresses === true;
  if (!shouldPodBeInEndpoints(pod, publish)) return undefined;
  const resolved = podPorts(svc, pod);
  if (!resolved.length && !portlessHeadless(svc)) return undefined;
  const ports = resolved.map((p) => ({ ...(p.name ? { name: p.name } : {}), port: p.port, protocol: p.protocol }));
  const host = hostnameFor(svc, pod);
  const ip = String(pod.status.podIP);
  const address = { ip, ...(host ? { hostname: host } : {}), ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}), targetRef: targetRef(pod) };
  const ready = publish || isPodReady(pod);
  const portsKey = JSON.stringify(ports);
  return {
    ip,
    uid: String(pod.metadata.uid ?? ''),
    ready,
    portsKey,
    ports,
    address,
    sig: [ready, portsKey, ip, host ?? '', pod.spec?.nodeName ?? '', pod.metadata.uid, pod.metadata.name, pod.metadata.namespace].join('|'),
  };
}

const before = (a: AddressEntry, b: AddressEntry): boolean => a.ip < b.ip || (a.ip === b.ip && a.uid < b.uid);

/** The addresses of one subset: Pods with the same resolved ports, ready and not ready apart. */
interface Group {
  ports: Obj[];
  ready: SortedChunks<AddressEntry>;
  notReady: SortedChunks<AddressEntry>;
}

/** The Endpoints content of one Service, one entry per Pod key. */
export class AddressBook {
  private groups = new Map<string, Group>();
  private byKey = new Map<string, AddressEntry>();
  /** Whether an entry changed since `build()` last ran. */
  changed = true;

  /** Sets (or, with undefined, removes) the Pod's entry; a no-op when the content is the same. */
  set(podKey: string, entry: AddressEntry | undefined): void {
    const old = this.byKey.get(podKey);
    if (old && entry && old.sig === entry.sig && old.ip === entry.ip && old.uid === entry.uid) return;
    if (!old && !entry) return;
    if (old) {
      const g = this.groups.get(old.portsKey)!;
      (old.ready ? g.ready : g.notReady).remove(old);
      if (!g.ready.size && !g.notReady.size) this.groups.delete(old.portsKey);
      this.byKey.delete(podKey);
    }
    if (entry) {
      let g = this.groups.get(entry.portsKey);
      if (!g) this.groups.set(entry.portsKey, (g = { ports: entry.ports, ready: new SortedChunks(before), notReady: new SortedChunks(before) }));
      (entry.ready ? g.ready : g.notReady).insert(entry);
      this.byKey.set(podKey, entry);
    }
    this.changed = true;
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * The subsets (one per distinct port list, ordered by their first address) and whether they
   * were truncated to capacity. Costs what is kept, not what the Service has.
   */
  build(max = MAX_ENDPOINTS_ADDRESSES): { subsets: Obj[]; truncated: boolean } {
    this.changed = false;
    const firstOf = (g: Group) => [g.ready.first(), g.notReady.first()].filter((e): e is AddressEntry => !!e).reduce((a, b) => (before(b, a) ? b : a));
    const list = [...this.groups.values()].map((g) => ({ g, first: firstOf(g) })).sort((a, b) => (before(a.first, b.first) ? -1 : 1));
    const quotas = list.map(({ g }) => ({ ready: g.ready.size, notReady: g.notReady.size }));
    const truncated = truncate(quotas, max);
    // Field order as the API server returns it: addresses, notReadyAddresses, ports.
    const subsets: Obj[] = [];
    list.forEach(({ g }, i) => {
      const ready = g.ready.take(quotas[i]!.ready).map((e) => e.address);
      const notReady = g.notReady.take(quotas[i]!.notReady).map((e) => e.address);
      if (!ready.length && !notReady.length) return;
      subsets.push({
        ...(ready.length ? { addresses: ready } : {}),
        ...(notReady.length ? { notReadyAddresses: notReady } : {}),
        ...(g.ports.length ? { ports: g.ports } : {}),
      });
    });
    return { subsets, truncated };
  }
}

/**
 * truncateEndpoints: over capacity, each subset keeps its share (rounded up) of what fits,
 * ready addresses first; when the ready ones alone exceed it, not-ready ones are dropped.
 */
function truncate(groups: { ready: number; notReady: number }[], maxCapacity: number): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const g of groups) {
    totalReady += g.ready;
    totalNotReady += g.notReady;
  }
  if (totalReady + totalNotReady <= maxCapacity) return false;
  const truncateReady = totalReady > maxCapacity;
  const max = truncateReady ? maxCapacity : maxCapacity - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  for (const g of groups) {
    const inSubset = truncateReady ? g.ready : g.notReady;
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    if (truncateReady) {
      g.ready = Math.min(g.ready, toBeAdded);
      g.notReady = 0;
      canBeAdded -= g.ready;
    } else {
      g.notReady = Math.min(g.notReady, toBeAdded);
      canBeAdded -= g.notReady;
    }
  }
  return true;
}
