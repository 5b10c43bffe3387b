/**
 * The REST-shaped client kubectl talks to the simulator through: the read half
 * (`read.ts`), writes (POST, PUT, PATCH, DELETE) and the subresources (`subresources.ts`).
 * Every call is synchronous, as the API server's are, and a failure throws an `ApiError`
 * whose `toStatus()` is the `Status` the server would send.
 */
import { ApiError } from '../api/errors.ts';
import { jsonPatch, JsonPatchError, mergePatch, strategicPatch } from '../api/patch.ts';
import { resourceKey } from '../api/resources.ts';
import { clone, type KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { resourceTypeAt } from './address.ts';
import { createReadClient } from './read.ts';
import { subresources, type Subresources } from './subresources.ts';
import type { AccessAttributes, UserInfo } from '../auth/rbac.ts';
import { accessChecks, prepareAccessChecks } from '../auth/access-checks-part.ts';
import { updateApproval } from '../kinds/certificatesigningrequest/index.ts';
import type { Impersonation } from '../auth/impersonation.ts';
import type { Credentials } from './authenticated.ts';
import { withRequestor } from './csr-requestor.ts';
import type { DeleteOptions, PatchType, ReadClient, ResourceAddress, WriteOptions, WriteResult } from './types.ts';

/** The whole client: reads, writes and subresources. */
export interface KubeClient extends ReadClient, Subresources {
  /** POST: creates `obj` (its namespace is `metadata.namespace`, default `default`). */
  create(resource: ResourceAddress, obj: KubeObject, opts?: WriteOptions): WriteResult;
  /** PUT: replaces the object; a stale `metadata.resourceVersion` is a 409 Conflict. */
  update(resource: ResourceAddress, obj: KubeObject, opts?: WriteOptions): WriteResult;
  /** PATCH with one of the three patch types; a patch that changes nothing writes nothing. */
  patch(resource: ResourceAddress, namespace: string | undefined, name: string, type: PatchType, patch: unknown, opts?: WriteOptions): WriteResult;
  /** DELETE: returns the object removed, or as it stands marked for deletion. */
  delete(resource: ResourceAddress, namespace: string | undefined, name: string, opts?: DeleteOptions): KubeObject;
  /** The user the API server authenticates this client's requests as (a SelfSubjectReview); 401 when none. */
  user(): UserInfo;
  /** A SelfSubjectAccessReview (or, with `as`, a SubjectAccessReview): whether the request would be allowed. */
  reviewAccess(a: AccessAttributes, as?: UserInfo): boolean;
  /** PUT `certificatesigningrequests/NAME/approval`: the CSR's Approved / Denied conditions (after `prepare` of the CSR kind). */
  updateApproval(obj: KubeObject): KubeObject;
  /**
   * Loads the API server's access checks (auth/access-checks-part.ts), which `withCredentials`,
   * `impersonate`, `reviewAccess` and `createToken` need; undefined when they are there.
   */
  prepareAccessChecks(): Promise<void> | undefined;
  /** This client with its requests sent as `creds` (a kubeconfig user other than kind's admin). */
  withCredentials(creds: Credentials): KubeClient;
  /**
   * This client with impersonation headers on every request: the API server checks that this
   * client's user may impersonate what `imp` names, then runs the request as that user.
   */
  impersonate(imp: Impersonation): KubeClient;
}

/** kind's admin, as its client certificate names it. */
export const KIND_ADMIN: UserInfo = { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };

/** The patch body applied to `live`, as the server applies each content type. */
export function applyPatch(live: KubeObject, type: PatchType, patch: unknown): KubeObject {
  if (type === 'json') {
    try {
      return jsonPatch(clone(live), patch) as KubeObject;
    } catch (e) {
      if (!(e instanceof JsonPatchError)) throw e;
      if (!Array.isArray(patch)) throw new ApiError('BadRequest', e.message);
      // An operation that cannot apply is the API server's generic 422: the JSON patch's own
      // error is not in the Status it sends.
      throw new ApiError('Invalid', 'the server rejected our request due to an error in our request', { group: '', kind: '', name: '' });
    }
  }
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new ApiError('BadRequest', `json: cannot unmarshal ${Array.isArray(patch) ? 'array' : typeof patch} into Go value of type map[string]interface {}`);
  }
  return (type === 'merge' ? mergePatch(clone(live), patch) : strategicPatch(clone(live), patch)) as KubeObject;
}

/** Key order does not make two objects differ. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
}

/** The client of `cluster`. */
export function createClient(cluster: Cluster): KubeClient {
  const api = cluster.api;
  const key = (r: ResourceAddress) => resourceKey(resourceTypeAt(r));
  const client: KubeClient = {
    ...createReadClient(cluster),
    ...subresources(cluster),
    create: (resource, obj, opts = {}) => api.create(key(resource), withRequestor(resource, obj, KIND_ADMIN), opts),
    update: (resource, obj, opts = {}) => api.update(key(resource), obj, opts),
    patch(resource, namespace, name, type, patch, opts = {}) {
      const k = key(resource);
      const live = api.get(k, namespace, name);
      const next = applyPatch(live, type, patch);
      if (canonical(next) === canonical(live)) return { object: live, warnings: [] };
      next.metadata = { ...next.metadata, resourceVersion: live.metadata.resourceVersion };
      return api.update(k, next, opts);
    },
    delete: (resource, namespace, name, opts = {}) => api.delete(key(resource), namespace, name, opts),
    user: () => KIND_ADMIN,
    reviewAccess: (a, as) => accessChecks(cluster, 'an access review').authorize(cluster.store, as ?? KIND_ADMIN, a),
    updateApproval: (obj) => updateApproval(cluster, obj),
    prepareAccessChecks: () => prepareAccessChecks(cluster),
    withCredentials: (creds) => accessChecks(cluster, 'a request with credentials').clientWithCredentials(cluster, client, creds),
    impersonate: (imp) => accessChecks(cluster, 'an impersonating request').clientImpersonating(cluster, client, () => KIND_ADMIN, imp),
  };
  return client;
}
