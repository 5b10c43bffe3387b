/**
 * What `cluster addons enable|disable metrics-server` does, loaded with the release's objects
 * (objects.ts) when the add-on is first switched: creates those objects through the API, with
 * the `--kubelet-insecure-tls` flag kind's kubelet certificates need, or deletes them.
 */
import { resourceKey, typeByGvk } from '../../api/resources.ts';
import type { Cluster } from '../../cluster.ts';
import { metricsServerObjects } from './objects.ts';

function keyOf(o: { apiVersion?: string; kind?: string }): string {
  const t = typeByGvk(String(o.apiVersion), String(o.kind));
  return t ? resourceKey(t) : '';
}

/** Creates the release's objects that do not exist yet. */
export function installRelease(cluster: Cluster): void {
  for (const o of metricsServerObjects(['--kubelet-insecure-tls'])) {
    const key = keyOf(o);
    if (cluster.store.get(key, o.metadata.namespace ?? '', o.metadata.name!)) continue;
    cluster.api.create(key, o);
  }
}

/** Deletes the release's objects that exist, in reverse order. */
export function removeRelease(cluster: Cluster): void {
  for (const o of metricsServerObjects().reverse()) {
    const key = keyOf(o);
    if (cluster.store.get(key, o.metadata.namespace ?? '', o.metadata.name!)) cluster.api.delete(key, o.metadata.namespace, o.metadata.name!);
  }
}
