/**
 * The read half of the client: GET, LIST (selectors, paging), WATCH (selectors, bookmarks),
 * pod logs, server-side Table conversion and discovery, over one cluster's API server.
 */
import { prepareBootstrapPolicy, RBAC_RESOURCES } from '../auth/bootstrap-policy.ts';
import { ApiError } from '../api/errors.ts';
import { fieldMatches, fieldSelectorFor, type FieldSelector } from '../api/fields.ts';
import { matches, parseLabelSelector, type LabelSelector } from '../api/labels.ts';
import { apiVersionOf, resourceKey } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import { base64Decode, base64Encode } from '../api/base64.ts';
import type { Cluster } from '../cluster.ts';
import type { ObjectOf } from '../kinds/kind-map.ts';
import { resourceTypeAt } from './address.ts';
import { inServedVersion } from '../kinds/served-versions.ts';
import { DISCOVERY } from './discovery.ts';
import type { ClientWatchEvent, ListOptions, ObjectList, PodLogOptions, ReadClient, ResourceAddress, WatchHandle, WatchOptions } from './types.ts';

/** The object filter of `?labelSelector=&fieldSelector=`, or undefined for everything; bad selectors are 400s. */
export function selectionFilter(resource: string, labelSelector = '', fieldSelector = ''): ((o: KubeObject) => boolean) | undefined {
  if (!labelSelector && !fieldSelector) return undefined;
  let ls: LabelSelector | undefined;
  try {
    ls = labelSelector ? parseLabelSelector(labelSelector) : undefined;
  } catch (e) {
    throw new ApiError('BadRequest', (e as Error).message);
  }
  const fs: FieldSelector | undefined = fieldSelector ? fieldSelectorFor(fieldSelector, resource, labelSelector) : undefined;
  return (o) => (!ls || matches(ls, o.metadata.labels)) && (!fs || fieldMatches(fs, o, resource));
}

/** A `continue` token: where the next page starts. Opaque to clients, as the server's are. */
function encodeContinue(start: number, rv: string): string {
  return base64Encode(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start }));
}

function decodeContinue(token: string): number {
  try {
    const parsed = JSON.parse(base64Decode(token)) as { start?: unknown };
    if (typeof parsed.start === 'number' && parsed.start >= 0) return parsed.start;
  } catch {
    // falls through to the 400 below
  }
  throw new ApiError('BadRequest', `continue key is not valid: ${token}`);
}

function nodeProxyOf(cluster: Cluster) {
  const proxy = cluster.nodeProxy;
  if (!proxy) throw new ApiError('NotFound', 'the server could not find the requested resource');
  return proxy;
}

/** The read-only client of `cluster`. */
export function createReadClient(cluster: Cluster): ReadClient {
  const api = cluster.api;
  const client: ReadClient = {
    get: <R extends ResourceAddress>(resource: R, namespace: string | undefined, name: string) =>
      api.get(resourceKey(resourceTypeAt(resource)), namespace, name) as ObjectOf<R>,
    tryGet: <R extends ResourceAddress>(resource: R, namespace: string | undefined, name: string) =>
      api.tryGet(resourceKey(resourceTypeAt(resource)), namespace, name) as ObjectOf<R> | undefined,
    list<R extends ResourceAddress>(resource: R, opts: ListOptions = {}): ObjectList<ObjectOf<R>> {
      const t = resourceTypeAt(resource);
      const key = resourceKey(t);
      const filter = selectionFilter(key, opts.labelSelector, opts.fieldSelector);
      const rv = String(cluster.store.currentRV());
      let items = api.list(key, { namespace: opts.namespace, filter });
      const start = opts.continue ? decodeContinue(opts.continue) : 0;
      const metadata: ObjectList['metadata'] = { resourceVersion: rv };
      if (start || (opts.limit && opts.limit > 0 && items.length > opts.limit)) {
        const end = opts.limit && opts.limit > 0 ? start + opts.limit : items.length;
        if (end < items.length) {
          metadata.continue = encodeContinue(end, rv);
          metadata.remainingItemCount = items.length - end;
        }
        items = items.slice(start, end);
      }
      return { apiVersion: apiVersionOf(t), kind: `${t.kind}List`, metadata, items: items as ObjectOf<R>[] };
    },
    watch(resource: ResourceAddress, opts: WatchOptions, cb: (e: ClientWatchEvent) => void): WatchHandle {
      const t = resourceTypeAt(resource);
      const key = resourceKey(t);
      const filter = selectionFilter(key, opts.labelSelector, opts.fieldSelector);
      const namespace = t.namespaced ? opts.namespace : undefined;
      // With a selector, the server tells a watcher when an object enters or leaves the selection.
      const selected = new Set<string>();
      const id = (o: KubeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
      if (filter) for (const o of api.list(key, { namespace, filter })) selected.add(id(o));
      const stop = api.watch(key, namespace, (e) => {
        if (!filter) return cb(e);
        const was = selected.has(id(e.object));
        const is = e.type !== 'DELETED' && filter(e.object);
        if (is) selected.add(id(e.object));
        else selected.delete(id(e.object));
        if (e.type === 'DELETED') {
          if (was) cb(e);
        } else if (is) cb(was ? e : { ...e, type: 'ADDED' });
        else if (was) cb({ ...e, type: 'DELETED' });
      });
      const handle = (() => stop()) as WatchHandle;
      handle.bookmark = () => {
        if (!opts.allowWatchBookmarks) return;
        const object: KubeObject = { apiVersion: apiVersionOf(t), kind: t.kind, metadata: { resourceVersion: String(cluster.store.currentRV()) } };
        cb({ type: 'BOOKMARK', object, resource: key });
      };
      return handle;
    },
    logs(namespace: string, pod: string, opts: PodLogOptions = {}): string {
      const { container, ...rest } = opts;
      return nodeProxyOf(cluster).logs(namespace, pod, container, rest);
    },
    followLogs: (namespace, pod, container, cb) => nodeProxyOf(cluster).followLogs(namespace, pod, container, cb),
    asTable(resource, objects) {
      const key = resourceKey(resourceTypeAt(resource));
      api.deferred.assertReady(key, 'table');
      return api.tables.toTable(key, objects, cluster.now());
    },
    inServedVersion: (resource, obj, version) => inServedVersion(cluster, resourceKey(resourceTypeAt(resource)), obj, version),
    prepare(resources) {
      const keys = resources.map((r) => resourceKey(resourceTypeAt(r)));
      const kinds = api.deferred.prepare(keys);
      // A request for an RBAC resource needs the bootstrap policy there first.
      const policy = keys.some((k) => RBAC_RESOURCES.includes(k)) ? prepareBootstrapPolicy(cluster) : undefined;
      return kinds && policy ? Promise.all([kinds, policy]).then(() => undefined) : (kinds ?? policy);
    },
    now: () => cluster.now(),
    discovery: DISCOVERY,
  };
  return client;
}
