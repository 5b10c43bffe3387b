/**
 * The endpoints and endpointslice controllers, as one: for every Service with a selector they
 * keep an Endpoints object of the same name (ready Pods under `addresses`, others under
 * `notReadyAddresses`, at most 1,000 addresses) and EndpointSlices of at most 100 endpoints
 * (`<service>-<suffix>`, owned by the Service) in step with the Pods it selects.
 *
 * The work is incremental: a Pod event marks that Pod dirty for the Services that select it
 * now or did before, and a sync recomputes only the dirty Pods, rewriting only the slices
 * they changed. A Service change (selector, ports, labels), or someone else writing its
 * Endpoints or slices, rebuilds that Service's state from the store once.
 */
import type { Cluster } from '../../cluster.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { ApiError } from '../../api/errors.ts';
import { matches, selectorFromSet, type LabelSelector } from '../../api/labels.ts';
import { keyOf, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { canonical } from './desired.ts';
import { AddressBook, addressEntry } from './address-book.ts';
import { MAX_ENDPOINTS_PER_SLICE, orderedEndpoints, SliceBook, sliceEndpoint, type TrackedSlice } from './slice-book.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export const ENDPOINT_CONTROLLER = 'endpoint-controller';
const SLICES = 'endpointslices.discovery.k8s.io';
const MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
const SLICE_MANAGER = 'endpointslice-controller.k8s.io';
const SERVICE_NAME = 'kubernetes.io/service-name';
const HEADLESS = 'service.kubernetes.io/headless';
const TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
const OVER_CAPACITY = 'endpoints.kubernetes.io/over-capacity';
const ZONE = 'topology.kubernetes.io/zone';
/** The signature of subsets known to differ from the last ones written. */
const CHANGED = '';

/** Whether this Service's endpoints are computed from Pods (it has a selector and is not ExternalName). */
function managed(svc: KubeObject): boolean {
  const sel = svc.spec?.selector as Record<string, string> | undefined;
  return !!sel && Object.keys(sel).length > 0 && svc.spec?.type !== 'ExternalName';
}

function serviceLabels(svc: KubeObject): Record<string, string> {
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  if (svc.spec?.clusterIP === 'None') labels[HEADLESS] = '';
  return labels;
}

/** What of a Service decides its endpoints; when it changes, the Service's state is rebuilt. */
function fingerprint(svc: KubeObject): string {
  const s = svc.spec ?? {};
  return JSON.stringify([svc.metadata.uid, s.selector, s.ports, s.clusterIP, s.publishNotReadyAddresses, s.type]);
}

/** One Service's state between syncs. */
interface Tracker {
  fp: string;
  selector: LabelSelector;
  /** Pods the selector matched at the last sync. */
  selected: Set<string>;
  addresses: AddressBook;
  slices: SliceBook;
  /** The subsets as last written or found equal; undefined: compare with the stored object. */
  endpointsSig?: string;
  endpointsLabels?: string;
}

/** Options for tests: a smaller slice size. */
export interface EndpointsControllerOptions {
  maxEndpointsPerSlice?: number;
}

/** The controller; add it with `cluster.addController`. */
export function endpointsController(cluster: Cluster, options: EndpointsControllerOptions = {}): Controller {
  const api = cluster.api;
  const store = cluster.store;
  const maxPerSlice = options.maxEndpointsPerSlice ?? MAX_ENDPOINTS_PER_SLICE;
  /** Selectors of managed Services, by namespace then Service key. */
  const selectors = new Map<string, Map<string, LabelSelector>>();
  const trackers = new Map<string, Tracker>();
  const dirty = new Map<string, Set<string>>();
  /** Non-zero while this controller writes: its own writes are not news to it. */
  let writing = 0;

  function noteService(svc: KubeObject, gone: boolean): void {
    const ns = svc.metadata.namespace ?? 'default';
    let m = selectors.get(ns);
    if (gone || !managed(svc)) {
      m?.delete(keyOf(svc));
      return;
    }
    if (!m) selectors.set(ns, (m = new Map()));
    m.set(keyOf(svc), selectorFromSet(svc.spec.selector));
  }
  for (const svc of store.list('services')) noteService(svc, false);

  /** The Services a Pod event concerns (those selecting it now, and those it was part of); marks the Pod dirty for each. */
  function podKeys(pod: KubeObject, deleted: boolean): string[] {
    const ns = pod.metadata.namespace ?? 'default';
    const m = selectors.get(ns);
    if (!m) return [];
    const pk = `${ns}/${pod.metadata.name}`;
    const out: string[] = [];
    for (const [svcKey, sel] of m) {
      if ((!deleted && matches(sel, pod.metadata.labels)) || trackers.get(svcKey)?.selected.has(pk)) {
        out.push(svcKey);
        let d = dirty.get(svcKey);
        if (!d) dirty.set(svcKey, (d = new Set()));
        d.add(pk);
      }
    }
    return out;
  }

  /** A change to an Endpoints object or slice that this controller did not make: rebuild that Service. */
  function foreignChange(svcKey: string | undefined): string[] {
    if (writing || !svcKey) return [];
    trackers.delete(svcKey);
    return [svcKey];
  }

  function zoneOf(pod: KubeObject): string | undefined {
    const node = pod.spec?.nodeName ? api.tryGet('nodes', undefined, String(pod.spec.nodeName)) : undefined;
    return node?.metadata.labels?.[ZONE];
  }

  function update(t: Tracker, svc: KubeObject, pk: string, pod: KubeObject | undefined): void {
    const inNow = !!pod && !!pod.metadata.labels && matches(t.selector, pod.metadata.labels);
    if (inNow) t.selected.add(pk);
    else t.selected.delete(pk);
    t.addresses.set(pk, inNow ? addressEntry(svc, pod!) : undefined);
    t.slices.set(pk, inNow ? sliceEndpoint(svc, pod!, zoneOf(pod!)) : undefined);
  }

  function ownSlices(ns: string, name: string): KubeObject[] {
    return store.list(SLICES, ns).filter((s) => s.metadata.labels?.[SERVICE_NAME] === name && s.metadata.labels?.[MANAGED_BY] === SLICE_MANAGER);
  }

  /** The Service's state from scratch: every Pod of its namespace, the slices as stored. */
  function rebuild(svc: KubeObject): Tracker {
    const ns = svc.metadata.namespace!;
    const t: Tracker = {
      fp: fingerprint(svc),
      selector: selectorFromSet(svc.spec.selector),
      selected: new Set(),
      addresses: new AddressBook(),
      slices: new SliceBook(maxPerSlice),
    };
    for (const s of ownSlices(ns, svc.metadata.name!)) t.slices.load(s);
    for (const pod of store.list('pods', ns)) update(t, svc, `${ns}/${pod.metadata.name}`, pod);
    for (const pk of t.slices.placedKeys()) if (!t.selected.has(pk)) t.slices.set(pk, undefined);
    return t;
  }

  function syncEndpoints(svc: KubeObject, t: Tracker): void {
    const ns = svc.metadata.namespace!;
    const name = svc.metadata.name!;
    const labels = serviceLabels(svc);
    const labelsKey = canonical(labels);
    const existing = store.get('endpoints', ns, name);
    if (existing && !t.addresses.changed && t.endpointsSig !== undefined && t.endpointsLabels === labelsKey) return;
    const { subsets, truncated } = t.addresses.build();
    // Under capacity, a changed entry is a changed object; over it, the change may lie beyond
    // the addresses kept, so the kept ones are compared.
    const sig = truncated || t.endpointsSig === undefined ? JSON.stringify(subsets) : CHANGED;
    const annotations = existing?.metadata.annotations ?? {};
    const capacityNoted = truncated ? annotations[OVER_CAPACITY] === 'truncated' : annotations[OVER_CAPACITY] === undefined;
    const same =
      !!existing &&
      capacityNoted &&
      canonical(existing.metadata.labels ?? {}) === labelsKey &&
      (t.endpointsSig !== undefined ? sig !== CHANGED && sig === t.endpointsSig : canonical(existing.subsets ?? []) === canonical(subsets));
    t.endpointsSig = sig;
    t.endpointsLabels = labelsKey;
    if (same) return;
    const nextAnnotations: Record<string, string> = { ...annotations, [TRIGGER_TIME]: isoTime(cluster.clock.now()) };
    if (truncated) nextAnnotations[OVER_CAPACITY] = 'truncated';
    else delete nextAnnotations[OVER_CAPACITY];
    const metadata = { ...(existing?.metadata ?? { name, namespace: ns }), labels, annotations: nextAnnotations };
    const body: KubeObject = { apiVersion: 'v1', kind: 'Endpoints', metadata, ...(subsets.length ? { subsets } : {}) };
    if (existing) api.update('endpoints', body);
    else api.create('endpoints', body);
  }

  function sliceBody(slice: TrackedSlice, metadata: Obj): KubeObject {
    const endpoints = orderedEndpoints(slice);
    return {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata,
      addressType: 'IPv4',
      ...(endpoints.length ? { endpoints } : {}),
      ...(endpoints.length && slice.ports ? { ports: slice.ports } : {}),
    } as KubeObject;
  }

  function syncSlices(svc: KubeObject, t: Tracker): void {
    const ns = svc.metadata.namespace!;
    const name = svc.metadata.name!;
    const labels = { ...serviceLabels(svc), [MANAGED_BY]: SLICE_MANAGER, [SERVICE_NAME]: name };
    const plan = t.slices.plan(labels);
    if (!plan.creates.length && !plan.updates.length && !plan.deletes.length) return;
    const owner = { apiVersion: 'v1', kind: 'Service', name, uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true };
    // Like Endpoints, a slice records when the change that rewrote it happened.
    const triggered = isoTime(cluster.clock.now());
    const fresh = (extra: Obj): Obj => ({ annotations: { [TRIGGER_TIME]: triggered }, ...extra, namespace: ns, labels, ownerReferences: [owner] });
    for (const s of plan.creates) t.slices.created(s, api.create(SLICES, sliceBody(s, fresh({ generateName: `${name}-` }))).object.metadata.name!);
    for (const s of plan.updates) {
      const existing = store.get(SLICES, ns, s.name);
      if (!existing) {
        api.create(SLICES, sliceBody(s, fresh({ name: s.name })));
        continue;
      }
      const annotations = { ...(existing.metadata.annotations ?? {}), [TRIGGER_TIME]: triggered };
      api.update(SLICES, sliceBody(s, { ...existing.metadata, labels, annotations }));
    }
    for (const n of plan.deletes) if (store.get(SLICES, ns, n)) api.delete(SLICES, ns, n);
  }

  function removeFor(ns: string, name: string): void {
    if (store.get('endpoints', ns, name)) api.delete('endpoints', ns, name);
    for (const s of ownSlices(ns, name)) api.delete(SLICES, ns, s.metadata.name!);
  }

  function sync(key: string): ReconcileResult | void {
    const { namespace, name } = splitKey(key);
    const ns = namespace ?? 'default';
    const svc = store.get('services', ns, name);
    const changed = dirty.get(key);
    dirty.delete(key);
    if (!svc || svc.metadata.deletionTimestamp) {
      trackers.delete(key);
      removeFor(ns, name);
      return;
    }
    if (!managed(svc)) {
      trackers.delete(key);
      return;
    }
    let t = trackers.get(key);
    if (!t || t.fp !== fingerprint(svc)) trackers.set(key, (t = rebuild(svc)));
    else for (const pk of changed ?? []) update(t, svc, pk, store.get('pods', ns, pk.slice(ns.length + 1)));
    syncEndpoints(svc, t);
    syncSlices(svc, t);
  }

  return {
    name: ENDPOINT_CONTROLLER,
    watches: [
      {
        resource: 'services',
        keys: (e) => {
          noteService(e.object, e.type === 'DELETED');
          return [keyOf(e.object)];
        },
      },
      { resource: 'pods', keys: (e) => podKeys(e.object, e.type === 'DELETED'), coalesceMs: 50 },
      { resource: 'endpoints', keys: (e) => foreignChange(trackers.has(keyOf(e.object)) ? keyOf(e.object) : undefined) },
      {
        resource: SLICES,
        keys: (e) => {
          const l = e.object.metadata.labels;
          return foreignChange(l?.[MANAGED_BY] === SLICE_MANAGER && l[SERVICE_NAME] ? `${e.object.metadata.namespace}/${l[SERVICE_NAME]}` : undefined);
        },
      },
    ],
    initialKeys: () => store.list('services').map(keyOf),
    reconcile(key) {
      writing++;
      try {
        return sync(key);
      } catch (e) {
        // An API failure (a namespace being deleted refuses creates): start again from the store later.
        if (!(e instanceof ApiError)) throw e;
        trackers.delete(key);
        return { requeueAfter: 1000 };
      } finally {
        writing--;
      }
    },
  };
}
