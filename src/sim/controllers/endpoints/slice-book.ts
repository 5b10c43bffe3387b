/**
 * The EndpointSlices of one Service, kept incrementally as the EndpointSlice controller's
 * reconciler keeps them: an endpoint stays in the slice it is in, and at its place there,
 * while it exists; new endpoints are appended; a slice
 * that lost or changed endpoints is rewritten and first filled up with new ones (fullest
 * first); what is left goes into the unchanged slice it fills closest to full, else into new
 * slices of at most `maxPerSlice` (the controller's `--max-endpoints-per-slice`, 100). Slices
 * left empty are deleted, or renamed into a slice that would otherwise be created; a Service
 * with no endpoints keeps one empty placeholder slice. Endpoints are grouped by their
 * resolved ports: each group has slices of its own.
 */
import type { KubeObject } from '../../api/types.ts';
import { hostnameFor, isPodReady, podPorts, portlessHeadless, shouldPodBeInEndpoints, targetRef, canonical } from './desired.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The EndpointSlice controller's default `--max-endpoints-per-slice`. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

/** One Pod as an endpoint of a slice. */
export interface SliceEndpoint {
  ip: string;
  /** Which slices it may go into: the canonical form of its resolved ports. */
  portsKey: string;
  ports: Obj[] | undefined;
  endpoint: Obj;
  sig: string;
}

/** The key of a slice with no ports (the placeholder, or a Pod with no resolvable port). */
const NO_PORTS = '[]';

/** The Pod's endpoint in the Service's slices (podToEndpoint), or undefined when it has none. */
export function sliceEndpoint(svc: KubeObject, pod: KubeObject, zone: string | undefined): SliceEndpoint | undefined {
  if (!shouldPodBeInEndpoints(pod, true)) return undefined;
  const resolved = podPorts(svc, pod).map((p) => ({ name: p.name, port: p.port, protocol: p.protocol }));
  const ip = String(pod.status.podIP);
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  // "ready" is never true for a terminating Pod, unless the Service publishes not-ready addresses.
  const ready = svc.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const host = hostnameFor(svc, pod);
  const endpoint = {
    addresses: [ip],
    conditions: { ready, serving, terminating },
    ...(host ? { hostname: host } : {}),
    ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
    targetRef: targetRef(pod),
    ...(zone ? { zone } : {}),
  };
  const ports = resolved.length && !portlessHeadless(svc) ? resolved : undefined;
  return { ip, portsKey: ports ? canonical(ports) : NO_PORTS, ports, endpoint, sig: endpointSig(endpoint) };
}

/** The fields this controller writes in an endpoint; anything else someone added counts as a difference. */
const WRITTEN = new Set(['addresses', 'conditions', 'hostname', 'nodeName', 'zone', 'targetRef']);

/** The content of an endpoint in one string, to tell a real change from a repeated event (cheaper than JSON at 10,000 Pods). */
export function endpointSig(ep: Obj): string {
  const c = (ep.conditions ?? {}) as Obj;
  const r = (ep.targetRef ?? {}) as Obj;
  let extra = '';
  for (const k in ep) if (!WRITTEN.has(k)) extra += `${k}=${JSON.stringify(ep[k])};`;
  return [
    ((ep.addresses ?? []) as string[]).join(' '),
    c.ready,
    c.serving,
    c.terminating,
    ep.hostname ?? '',
    ep.nodeName ?? '',
    ep.zone ?? '',
    r.kind,
    r.namespace,
    r.name,
    r.uid,
    extra,
  ].join('|');
}

/** A slice as the book tracks it. */
export interface TrackedSlice {
  /** Empty until created. */
  name: string;
  portsKey: string;
  ports: Obj[] | undefined;
  members: Map<string, SliceEndpoint>;
  labelsKey: string;
}

/** The writes one reconcile makes, in the controller's order: creates, updates, deletes. */
export interface SlicePlan {
  creates: TrackedSlice[];
  updates: TrackedSlice[];
  deletes: string[];
}

/**
 * The endpoints of a slice in the order they are written, as the reconciler keeps them: the
 * endpoints it already held stay where they are (an updated one in its place), and new ones
 * are appended after them. Nothing sorts a slice's endpoints.
 */
export function orderedEndpoints(s: TrackedSlice): Obj[] {
  return [...s.members.values()].map((m) => m.endpoint);
}

/** The slices of one Service and where each Pod's endpoint sits. */
export class SliceBook {
  readonly slices = new Map<string, TrackedSlice>();
  private where = new Map<string, string>();
  private pending = new Map<string, SliceEndpoint>();
  private touched = new Set<string>();

  readonly maxPerSlice: number;

  constructor(maxPerSlice = MAX_ENDPOINTS_PER_SLICE) {
    this.maxPerSlice = maxPerSlice;
  }

  /** Takes an existing slice as it is stored; endpoints without a Pod reference are dropped at the next write. */
  load(slice: KubeObject): void {
    const name = slice.metadata.name!;
    const ports = (slice.ports as Obj[] | undefined)?.length ? (slice.ports as Obj[]) : undefined;
    const tracked: TrackedSlice = {
      name,
      portsKey: ports ? canonical(ports) : NO_PORTS,
      ports,
      members: new Map(),
      labelsKey: canonical(slice.metadata.labels ?? {}),
    };
    for (const ep of (slice.endpoints as Obj[] | undefined) ?? []) {
      const ref = ep.targetRef as Obj | undefined;
      const key = ref?.kind === 'Pod' ? `${ref.namespace}/${ref.name}` : undefined;
      if (!key || this.where.has(key)) {
        this.touched.add(name);
        continue;
      }
      tracked.members.set(key, { ip: String(ep.addresses?.[0] ?? ''), portsKey: tracked.portsKey, ports, endpoint: ep, sig: endpointSig(ep) });
      this.where.set(key, name);
    }
    this.slices.set(name, tracked);
  }

  /** Records the Pod's desired endpoint (undefined: it has none); the change is written by the next `plan`. */
  set(podKey: string, desired: SliceEndpoint | undefined): void {
    const at = this.where.get(podKey);
    if (at !== undefined) {
      const s = this.slices.get(at)!;
      if (desired && desired.portsKey === s.portsKey) {
        if (s.members.get(podKey)!.sig !== desired.sig) {
          s.members.set(podKey, desired);
          this.touched.add(at);
        }
        this.pending.delete(podKey);
        return;
      }
      s.members.delete(podKey);
      this.where.delete(podKey);
      this.touched.add(at);
    }
    if (desired) this.pending.set(podKey, desired);
    else this.pending.delete(podKey);
  }

  /** The Pod keys with an endpoint placed in a slice. */
  placedKeys(): string[] {
    return [...this.where.keys()];
  }

  /** Number of endpoints placed and waiting to be placed. */
  get size(): number {
    return this.where.size + this.pending.size;
  }

  /**
   * The writes that bring the slices to the desired endpoints with these labels; the book
   * then describes the slices as they will be (creates get their names through `created`).
   */
  plan(labels: Record<string, string>): SlicePlan {
    const labelsKey = canonical(labels);
    for (const s of this.slices.values()) if (s.labelsKey !== labelsKey) this.touched.add(s.name);
    const creates: TrackedSlice[] = [];
    const byGroup = new Map<string, [string, SliceEndpoint][]>();
    // The real controller pops new endpoints from a hash set in no set order; here they come by IP.
    for (const entry of [...this.pending].sort((a, b) => (a[1].ip < b[1].ip ? -1 : a[1].ip > b[1].ip ? 1 : 0))) {
      const list = byGroup.get(entry[1].portsKey) ?? [];
      list.push(entry);
      byGroup.set(entry[1].portsKey, list);
    }
    for (const [portsKey, waiting] of byGroup) {
      const inGroup = [...this.slices.values()].filter((s) => s.portsKey === portsKey);
      const place = (s: TrackedSlice) => {
        while (waiting.length && s.members.size < this.maxPerSlice) {
          const [key, ep] = waiting.shift()!;
          s.members.set(key, ep);
          if (s.name) this.where.set(key, s.name);
        }
      };
      // 1. Slices being rewritten anyway take new endpoints first, the fullest first.
      const rewritten = inGroup.filter((s) => this.touched.has(s.name) && s.members.size > 0).sort((a, b) => b.members.size - a.members.size);
      for (const s of rewritten) place(s);
      // 2. The rest goes into the unchanged slice it fills closest to full, else into new slices.
      while (waiting.length) {
        let target: TrackedSlice | undefined;
        if (waiting.length < this.maxPerSlice) {
          let closest = this.maxPerSlice;
          for (const s of inGroup) {
            if (this.touched.has(s.name)) continue;
            const diff = this.maxPerSlice - (waiting.length + s.members.size);
            if (diff >= 0 && diff < closest) [closest, target] = [diff, s];
          }
        }
        if (target) this.touched.add(target.name);
        else creates.push((target = { name: '', portsKey, ports: waiting[0]![1].ports, members: new Map(), labelsKey }));
        place(target);
      }
    }
    this.pending.clear();
    const updates: TrackedSlice[] = [];
    const deletes: string[] = [];
    for (const s of this.slices.values()) {
      if (s.members.size === 0 && (this.touched.has(s.name) || creates.length || this.where.size)) deletes.push(s.name);
      else if (this.touched.has(s.name)) updates.push(s);
    }
    this.touched.clear();
    // A Service with no endpoints keeps one empty slice: the one it has if it is already that.
    const remaining = this.slices.size - deletes.length + creates.length;
    if (remaining === 0) {
      const only = deletes.length === 1 ? this.slices.get(deletes[0]!)! : undefined;
      if (only && only.portsKey === NO_PORTS && only.labelsKey === labelsKey) deletes.length = 0;
      else creates.push({ name: '', portsKey: NO_PORTS, ports: undefined, members: new Map(), labelsKey });
    }
    // A slice to delete becomes the slice to create, under its old name.
    while (creates.length && deletes.length) {
      const slice = creates.pop()!;
      slice.name = deletes.shift()!;
      this.slices.delete(slice.name);
      this.adopt(slice);
      updates.push(slice);
    }
    for (const name of deletes) this.slices.delete(name);
    for (const s of updates) s.labelsKey = labelsKey;
    return { creates, updates, deletes };
  }

  /** Records the name a created slice got. */
  created(slice: TrackedSlice, name: string): void {
    slice.name = name;
    this.adopt(slice);
  }

  private adopt(slice: TrackedSlice): void {
    this.slices.set(slice.name, slice);
    for (const key of slice.members.keys()) this.where.set(key, slice.name);
  }
}
