/**
 * Server discovery (`/api`, `/apis`, `/apis/GROUP/VERSION`, `/version`) computed from the
 * resource registry the API server serves: what `kubectl api-resources` and kubectl's
 * resolution of `po`, `deploy` or `deployment.v1.apps` read.
 */
import { apiVersionOf, RESOURCE_TYPES, resolveResourceType } from '../api/resources.ts';
import { SERVER_VERSION } from '../cluster.ts';
import type { ApiGroupInfo, Discovery } from './types.ts';

/** Groups in the order discovery lists them: the core group (`/api`) first, then `/apis` in registry order. */
function groups(): ApiGroupInfo[] {
  const out = new Map<string, ApiGroupInfo>();
  for (const t of RESOURCE_TYPES) {
    let g = out.get(t.group);
    if (!g) out.set(t.group, (g = { name: t.group, versions: [], preferredVersion: t.version }));
    for (const v of [t.version, ...(t.alsoServed ?? [])]) if (!g.versions.includes(v)) g.versions.push(v);
  }
  const list = [...out.values()];
  return [...list.filter((g) => g.name === ''), ...list.filter((g) => g.name !== '')];
}

/** The discovery documents of the simulated API server. */
export const DISCOVERY: Discovery = {
  groups,
  resources(groupVersion) {
    return RESOURCE_TYPES.filter((t) => apiVersionOf(t) === groupVersion || t.alsoServed?.some((v) => (t.group ? `${t.group}/${v}` : v) === groupVersion));
  },
  allResources: () => RESOURCE_TYPES,
  resolve: resolveResourceType,
  serverVersion: () => SERVER_VERSION,
};
