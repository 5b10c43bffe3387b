/**
 * PodSpec fields of features whose gates are off in a 1.32 cluster by default, which the API
 * server drops from every Pod and pod template it stores (dropDisabledPodFields): the request
 * succeeds and the field is simply not there when read back, so the kubelet never acts on it.
 * - `securityContext.supplementalGroupsPolicy` (SupplementalGroupsPolicy, alpha in 1.31 and
 *   1.32): containers keep the default, the image's /etc/group merged into their groups.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Drops the disabled fields from `spec` in place. */
export function dropDisabledPodSpecFields(spec: Obj): void {
  const sc = spec.securityContext;
  if (sc && typeof sc === 'object') delete sc.supplementalGroupsPolicy;
}
