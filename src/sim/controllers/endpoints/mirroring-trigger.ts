/**
 * When the EndpointSlice mirroring controller is needed, so that its code loads on first use:
 * an Endpoints that may be mirrored next to a Service without a selector (or before its
 * Service), or a Service without a selector next to such an Endpoints. Until one of these is
 * written, the controller would have nothing to do.
 */
import type { KubeObject, WatchEvent } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';

const SKIP_MIRROR = 'endpointslice.kubernetes.io/skip-mirror';
const LEADER = 'control-plane.alpha.kubernetes.io/leader';

/** Whether the Endpoints may be mirrored at all (shouldMirror): no skip-mirror label, no leader election record. */
export function shouldMirror(ep: KubeObject): boolean {
  return ep.metadata.labels?.[SKIP_MIRROR] !== 'true' && ep.metadata.annotations?.[LEADER] === undefined;
}

/** Whether the Service has a selector (then the EndpointSlice controller owns its slices). */
export function hasSelector(svc: KubeObject): boolean {
  const sel = svc.spec?.selector as Record<string, string> | undefined;
  return !!sel && Object.keys(sel).length > 0;
}

/** Whether this change may give the mirroring controller work. */
export function needsMirroring(e: WatchEvent, cluster: Cluster): boolean {
  if (e.type === 'DELETED') return false;
  const ns = e.object.metadata.namespace ?? 'default';
  const name = e.object.metadata.name!;
  if (e.resource === 'endpoints') {
    if (!shouldMirror(e.object)) return false;
    const svc = cluster.store.get('services', ns, name);
    return !svc || !hasSelector(svc);
  }
  if (hasSelector(e.object)) return false;
  const ep = cluster.store.get('endpoints', ns, name);
  return !!ep && shouldMirror(ep);
}
