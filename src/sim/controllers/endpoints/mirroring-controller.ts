/**
 * The EndpointSlice mirroring controller (kube-controller-manager's
 * endpointslicemirroring-controller): for a Service without a selector, whose Endpoints
 * someone wrote by hand, it keeps EndpointSlices mirroring those Endpoints, so that
 * everything reading slices (ingress-nginx, `kubectl get endpointslices`) sees them. One
 * slice per port set and address family (`<service>-<suffix>`, owned by the Endpoints,
 * labelled `endpointslice.kubernetes.io/managed-by: endpointslicemirroring-controller.k8s.io`
 * and `kubernetes.io/service-name`, with the Endpoints' other labels and annotations). An
 * Endpoints labelled `endpointslice.kubernetes.io/skip-mirror: "true"`, or carrying a leader
 * election record, is not mirrored; its slices go when the Endpoints or the Service goes, or
 * when the Service gets a selector.
 */
import type { Cluster } from '../../cluster.ts';
import type { KubeObject } from '../../api/types.ts';
import { ApiError } from '../../api/errors.ts';
import { keyOf, splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { canonical } from './desired.ts';
import { groupKey, MAX_MIRRORED_PER_SUBSET, mirrorPlan, type MirrorGroup } from './mirror-desired.ts';
import { hasSelector, shouldMirror } from './mirroring-trigger.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The Event source of the controller. */
export const MIRRORING_CONTROLLER = 'endpoint-slice-mirroring-controller';
/** The `managed-by` value of mirrored slices. */
export const MIRROR_MANAGER = 'endpointslicemirroring-controller.k8s.io';
const SLICES = 'endpointslices.discovery.k8s.io';
const MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
const SERVICE_NAME = 'kubernetes.io/service-name';
/** Annotations of the Endpoints that are not copied to its slices. */
const NOT_COPIED = new Set(['endpoints.kubernetes.io/last-change-trigger-time', 'kubectl.kubernetes.io/last-applied-configuration']);

function copiedAnnotations(ep: KubeObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ep.metadata.annotations ?? {})) if (!NOT_COPIED.has(k)) out[k] = v;
  return out;
}

function sliceLabels(ep: KubeObject): Record<string, string> {
  return { ...(ep.metadata.labels ?? {}), [SERVICE_NAME]: ep.metadata.name!, [MANAGED_BY]: MIRROR_MANAGER };
}

/** Whether a stored slice already says what `g` wants, labels and annotations included. */
function sliceMatches(slice: KubeObject, g: MirrorGroup, ep: KubeObject): boolean {
  const labels = { ...(slice.metadata.labels ?? {}) };
  delete labels[SERVICE_NAME];
  delete labels[MANAGED_BY];
  return (
    canonical((slice.endpoints as Obj[] | undefined) ?? []) === canonical([...g.endpoints.values()]) &&
    canonical(labels) === canonical(ep.metadata.labels ?? {}) &&
    canonical(slice.metadata.annotations ?? {}) === canonical(copiedAnnotations(ep))
  );
}

/** Options for tests: a smaller per-subset limit. */
export interface MirroringOptions {
  maxEndpointsPerSubset?: number;
}

/** The controller; add it with `cluster.addController`. */
export function mirroringController(cluster: Cluster, options: MirroringOptions = {}): Controller {
  const api = cluster.api;
  const store = cluster.store;
  const maxPerSubset = options.maxEndpointsPerSubset ?? MAX_MIRRORED_PER_SUBSET;
  /** Non-zero while this controller writes: its own writes are not news to it. */
  let writing = 0;
  /** The names of mirrored slices by Endpoints key, kept from the slice watch so events of other Endpoints cost no listing. */
  const mirrored = new Map<string, Set<string>>();

  const mirrorKey = (slice: KubeObject): string | undefined => {
    const l = slice.metadata.labels;
    return l?.[MANAGED_BY] === MIRROR_MANAGER && l[SERVICE_NAME] ? `${slice.metadata.namespace}/${l[SERVICE_NAME]}` : undefined;
  };
  function noteSlice(slice: KubeObject, gone: boolean): void {
    for (const [k, names] of mirrored) if (names.delete(slice.metadata.name!) && !names.size) mirrored.delete(k);
    const k = mirrorKey(slice);
    if (gone || !k) return;
    let names = mirrored.get(k);
    if (!names) mirrored.set(k, (names = new Set()));
    names.add(slice.metadata.name!);
  }
  for (const s of store.list(SLICES)) noteSlice(s, false);

  function mirroredSlices(ns: string, name: string): KubeObject[] {
    if (!mirrored.has(`${ns}/${name}`)) return [];
    return store.list(SLICES, ns).filter((s) => s.metadata.labels?.[SERVICE_NAME] === name && s.metadata.labels?.[MANAGED_BY] === MIRROR_MANAGER);
  }

  /** Endpoints news worth a sync: a Service without a selector (or none yet), or slices already mirrored. */
  function endpointsKeys(ep: KubeObject, deleted: boolean): string[] {
    const ns = ep.metadata.namespace ?? 'default';
    const name = ep.metadata.name!;
    if (!deleted && shouldMirror(ep)) {
      const svc = store.get('services', ns, name);
      if (!svc || !hasSelector(svc)) return [keyOf(ep)];
    }
    return mirroredSlices(ns, name).length ? [keyOf(ep)] : [];
  }

  function deleteAll(slices: KubeObject[]): void {
    for (const s of slices) {
      try {
        api.delete(SLICES, s.metadata.namespace ?? 'default', s.metadata.name!);
      } catch (e) {
        // The garbage collector may have taken it first (the slice is owned by the Endpoints).
        if (!(e instanceof ApiError) || e.code !== 404) throw e;
      }
    }
  }

  function sliceBody(ep: KubeObject, g: MirrorGroup, name: string | undefined): KubeObject {
    const owner = { apiVersion: 'v1', kind: 'Endpoints', name: ep.metadata.name!, uid: ep.metadata.uid!, controller: true, blockOwnerDeletion: true };
    const annotations = copiedAnnotations(ep);
    return {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: {
        ...(name ? { name } : { generateName: `${ep.metadata.name}-` }),
        namespace: ep.metadata.namespace,
        labels: sliceLabels(ep),
        ...(Object.keys(annotations).length ? { annotations } : {}),
        ownerReferences: [owner],
      },
      addressType: g.addressType,
      endpoints: [...g.endpoints.values()],
      ports: g.ports,
    } as KubeObject;
  }

  function warn(ep: KubeObject, reason: string, message: string): void {
    cluster.events.record(ep, 'Warning', reason, message, { component: MIRRORING_CONTROLLER });
  }

  /** reconcile: the writes that make the mirrored slices say what the Endpoints say. */
  function mirror(ep: KubeObject, existing: KubeObject[]): void {
    const plan = mirrorPlan(ep, maxPerSubset);
    if (plan.invalid > 0) warn(ep, 'InvalidIPAddress', `Skipped ${plan.invalid} invalid IP addresses when mirroring to EndpointSlices`);
    if (plan.skipped > plan.invalid) {
      warn(
        ep,
        'TooManyAddressesToMirror',
        `A max of ${maxPerSubset} addresses can be mirrored to EndpointSlices per Endpoints subset. ${plan.skipped} addresses were skipped`,
      );
    }
    const byKey = new Map<string, KubeObject[]>();
    for (const s of existing) {
      const k = groupKey(String(s.addressType ?? 'IPv4'), (s.ports as Obj[] | undefined) ?? []);
      byKey.set(k, [...(byKey.get(k) ?? []), s]);
    }
    const creates: MirrorGroup[] = [];
    const updates: [MirrorGroup, string][] = [];
    const deletes: KubeObject[] = [];
    for (const g of plan.groups.values()) {
      const have = byKey.get(g.key) ?? [];
      if (!g.endpoints.size) {
        deletes.push(...have);
        continue;
      }
      // One slice per group: the first one found is kept, the others go.
      deletes.push(...have.slice(1));
      if (!have.length) creates.push(g);
      else if (!sliceMatches(have[0]!, g, ep)) updates.push([g, have[0]!.metadata.name!]);
    }
    for (const [k, slices] of byKey) if (!plan.groups.has(k)) deletes.push(...slices);
    // A slice to delete is reused for a slice to create of the same address family.
    for (let i = 0; i < creates.length;) {
      const j = deletes.findIndex((d) => (d.addressType ?? 'IPv4') === creates[i]!.addressType);
      if (j < 0) {
        i++;
        continue;
      }
      updates.push([creates.splice(i, 1)[0]!, deletes.splice(j, 1)[0]!.metadata.name!]);
    }
    if (!ep.metadata.deletionTimestamp) for (const g of creates) api.create(SLICES, sliceBody(ep, g, undefined));
    for (const [g, name] of updates) {
      const stored = store.get(SLICES, ep.metadata.namespace ?? 'default', name);
      const body = sliceBody(ep, g, name);
      api.update(SLICES, { ...body, metadata: { ...(stored?.metadata ?? {}), ...body.metadata } } as KubeObject);
    }
    deleteAll(deletes);
  }

  function sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const ns = namespace ?? 'default';
    const existing = mirroredSlices(ns, name);
    const ep = store.get('endpoints', ns, name);
    const svc = store.get('services', ns, name);
    if (!ep || !shouldMirror(ep) || !svc || hasSelector(svc)) return deleteAll(existing);
    mirror(ep, existing);
  }

  return {
    name: MIRRORING_CONTROLLER,
    watches: [
      { resource: 'endpoints', keys: (e) => endpointsKeys(e.object, e.type === 'DELETED') },
      {
        resource: 'services',
        // A Service without a selector appearing or going, or its selector coming or going.
        keys: (e) => {
          const ns = e.object.metadata.namespace ?? 'default';
          const name = e.object.metadata.name!;
          const ep = store.get('endpoints', ns, name);
          return (ep && shouldMirror(ep) && !hasSelector(e.object)) || mirroredSlices(ns, name).length ? [keyOf(e.object)] : [];
        },
      },
      {
        resource: SLICES,
        // Someone else changing or deleting a mirrored slice: write it again.
        keys: (e) => {
          noteSlice(e.object, e.type === 'DELETED');
          const k = mirrorKey(e.object);
          return writing || !k ? [] : [k];
        },
      },
    ],
    initialKeys: () => store.list('endpoints').flatMap((ep) => endpointsKeys(ep, false)),
    reconcile(key): ReconcileResult | void {
      writing++;
      try {
        sync(key);
      } catch (e) {
        // An API failure (a namespace being deleted refuses creates): try again later.
        if (!(e instanceof ApiError)) throw e;
        return { requeueAfter: 1000 };
      } finally {
        writing--;
      }
    },
  };
}
