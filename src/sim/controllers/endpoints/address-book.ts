/**
 * The Endpoints (v1) side of one Service, kept incrementally: one entry per Pod that belongs
 * in its subsets, in address order (IP, then Pod UID, as RepackSubsets sorts), so a Pod
 * change costs a binary search and a splice instead of a rebuild of every address. `build()`
 * turns the entries into subsets and applies the endpoints controller's capacity: at most
 * 1,000 addresses, ready ones first (truncateEndpoints).
 */
import type { KubeObject } from '../../api/types.ts';
import { hostnameFor, isPodReady, podPorts, portlessHeadless, shouldPodBeInEndpoints, stableJson, targetRef } from './desired.ts';

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
  return { ip, uid: String(pod.metadata.uid ?? ''), ready, portsKey, ports, address, sig: `${ready}|${portsKey}|${stableJson(address)}` };
}

const before = (a: AddressEntry, b: AddressEntry): boolean => a.ip < b.ip || (a.ip === b.ip && a.uid < b.uid);

/** The Endpoints content of one Service, one entry per Pod key. */
export class AddressBook {
  private sorted: AddressEntry[] = [];
  private byKey = new Map<string, AddressEntry>();
  /** Whether an entry changed since `build()` last ran. */
  changed = true;

  /** Sets (or, with undefined, removes) the Pod's entry; a no-op when the content is the same. */
  set(podKey: string, entry: AddressEntry | undefined): void {
    const old = this.byKey.get(podKey);
    if (old && entry && old.sig === entry.sig && old.ip === entry.ip && old.uid === entry.uid) return;
    if (!old && !entry) return;
    if (old) {
      this.sorted.splice(this.indexOf(old), 1);
      this.byKey.delete(podKey);
    }
    if (entry) {
      this.sorted.splice(this.insertionPoint(entry), 0, entry);
      this.byKey.set(podKey, entry);
    }
    this.changed = true;
  }

  get size(): number {
    return this.sorted.length;
  }

  private insertionPoint(e: AddressEntry): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sorted[mid]!, e)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(e: AddressEntry): number {
    for (let i = this.insertionPoint(e); i < this.sorted.length; i++) if (this.sorted[i] === e) return i;
    return this.sorted.indexOf(e);
  }

  /** The subsets (one per distinct port list, in address order) and whether they were truncated to capacity. */
  build(max = MAX_ENDPOINTS_ADDRESSES): { subsets: Obj[]; truncated: boolean } {
    this.changed = false;
    const groups = new Map<string, { ports: Obj[]; ready: Obj[]; notReady: Obj[] }>();
    for (const e of this.sorted) {
      let g = groups.get(e.portsKey);
      if (!g) groups.set(e.portsKey, (g = { ports: e.ports, ready: [], notReady: [] }));
      (e.ready ? g.ready : g.notReady).push(e.address);
    }
    const list = [...groups.values()];
    const truncated = truncate(list, max);
    // Field order as the API server returns it: addresses, notReadyAddresses, ports.
    const subsets = list
      .filter((g) => g.ready.length || g.notReady.length)
      .map((g) => ({
        ...(g.ready.length ? { addresses: g.ready } : {}),
        ...(g.notReady.length ? { notReadyAddresses: g.notReady } : {}),
        ...(g.ports.length ? { ports: g.ports } : {}),
      }));
    return { subsets, truncated };
  }
}

/**
 * truncateEndpoints: over capacity, each subset keeps its share (rounded up) of what fits,
 * ready addresses first; when the ready ones alone exceed it, not-ready ones are dropped.
 */
function truncate(groups: { ready: Obj[]; notReady: Obj[] }[], maxCapacity: number): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const g of groups) {
    totalReady += g.ready.length;
    totalNotReady += g.notReady.length;
  }
  if (totalReady + totalNotReady <= maxCapacity) return false;
  const truncateReady = totalReady > maxCapacity;
  const max = truncateReady ? maxCapacity : maxCapacity - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  for (const g of groups) {
    const inSubset = truncateReady ? g.ready.length : g.notReady.length;
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    if (truncateReady) {
      g.ready = g.ready.slice(0, toBeAdded);
      g.notReady = [];
      canBeAdded -= g.ready.length;
    } else {
      g.notReady = g.notReady.slice(0, toBeAdded);
      canBeAdded -= g.notReady.length;
    }
  }
  return true;
}
