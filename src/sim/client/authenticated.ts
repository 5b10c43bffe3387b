/**
 * A client whose requests carry credentials, as a kubeconfig user's do: the API server
 * authenticates each request (kind's admin certificate, a client certificate the cluster's CA
 * issued, a service-account token the cluster issued; anything else is 401 Unauthorized, and a
 * request without credentials is `system:anonymous`) and authorizes it with RBAC (403 Forbidden
 * in the API server's words). Discovery, server time and Table conversion need no permission.
 * Part of the access checks that load on first use (auth/access-checks-part.ts).
 */
import { ApiError } from '../api/errors.ts';
import type { KubeObject } from '../api/types.ts';
import { impersonatedUser, type Impersonation } from '../auth/impersonation.ts';
import { certificateUser } from '../auth/pki.ts';
import { authorize, forbiddenMessage, isSuperuser, type AccessAttributes, type UserInfo } from '../auth/rbac.ts';
import { ensureBootstrapPolicy, RBAC_RESOURCES } from '../auth/bootstrap-policy.ts';
import { tokenUser } from '../auth/service-account-token.ts';
import type { Cluster } from '../cluster.ts';
import { resourceTypeAt } from './address.ts';
import type { KubeClient } from './client.ts';
import { withRequestor } from './csr-requestor.ts';
import type { ResourceAddress } from './types.ts';

/** What a kubeconfig user sends: a client certificate (PEM), a bearer token, basic auth, or several of them. */
export interface Credentials {
  clientCertificate?: string;
  token?: string;
  username?: string;
  password?: string;
}

const ANONYMOUS: UserInfo = { username: 'system:anonymous', groups: ['system:unauthenticated'] };

/**
 * The user the API server sees for `creds`, or undefined when they do not authenticate (401).
 * Its authenticators run in kube-apiserver's order, the first to accept wins: the client
 * certificate, then the bearer token. One that is sent and refused makes the request a 401
 * unless a later one accepts; kind's API server has no basic-auth authenticator, so a username
 * and password are not looked at. A request nothing authenticates and nothing refused is
 * `system:anonymous`.
 */
export function authenticate(cluster: Cluster, creds: Credentials): UserInfo | undefined {
  let refused = false;
  if (creds.clientCertificate) {
    const user = certificateUser(creds.clientCertificate, cluster.now());
    if (user) return user;
    refused = true;
  }
  if (creds.token) {
    const user = tokenUser(cluster, creds.token);
    if (user) return user;
    refused = true;
  }
  return refused ? undefined : ANONYMOUS;
}

/** `base` with every request authenticated as `creds` and authorized for that user. */
export function clientWithCredentials(cluster: Cluster, base: KubeClient, creds: Credentials): KubeClient {
  const user = authenticate(cluster, creds);
  return checkedClient(cluster, base, () => {
    if (!user) throw new ApiError('Unauthorized', 'Unauthorized');
    return user;
  });
}

/**
 * `base` with every request sent by `requestor` with impersonation headers (Impersonate-User,
 * -Group, -Uid): the API server checks that the requestor may `impersonate` each thing asked
 * for, then runs the request as the impersonated user, authorized with RBAC.
 */
export function clientImpersonating(cluster: Cluster, base: KubeClient, requestor: () => UserInfo, imp: Impersonation): KubeClient {
  return checkedClient(cluster, base, () => impersonatedUser(cluster, requestor(), imp));
}

/** `base` with each request authorized for `who()` (which throws when the request is refused before authorization). */
function checkedClient(cluster: Cluster, base: KubeClient, who: () => UserInfo): KubeClient {
  const check = (resource: ResourceAddress, verb: string, namespace: string | undefined, name: string, subresource?: string) => {
    const u = who();
    const t = resourceTypeAt(resource);
    const a: AccessAttributes = { verb, group: t.group, resource: t.plural, subresource, namespace: t.namespaced ? (namespace ?? '') : '', name };
    if (!isSuperuser(u)) ensureBootstrapPolicy(cluster);
    if (!authorize(cluster.store, u, a)) throw new ApiError('Forbidden', forbiddenMessage(u, a), { name, group: t.group, kind: t.plural });
  };
  const nsOf = (obj: KubeObject) => obj.metadata?.namespace || 'default';
  return {
    ...base,
    user: who,
    reviewAccess: (a, as) => {
      const u = as ?? who();
      if (!isSuperuser(u)) ensureBootstrapPolicy(cluster);
      return authorize(cluster.store, u, a);
    },
    impersonate: (imp) => clientImpersonating(cluster, base, who, imp),
    // Every request of this client is an RBAC decision: the bootstrap policy must be there.
    prepare: (resources) => base.prepare([...resources, RBAC_RESOURCES[0]!]),
    get: ((resource, namespace, name) => (check(resource, 'get', namespace, name), base.get(resource, namespace, name))) as KubeClient['get'],
    tryGet: ((resource, namespace, name) => (check(resource, 'get', namespace, name), base.tryGet(resource, namespace, name))) as KubeClient['tryGet'],
    list: ((resource, opts) => (check(resource, 'list', opts?.namespace, ''), base.list(resource, opts))) as KubeClient['list'],
    watch: (resource, opts, cb) => (check(resource, 'watch', opts.namespace, ''), base.watch(resource, opts, cb)),
    logs: (namespace, pod, opts) => (check('pods', 'get', namespace, pod, 'log'), base.logs(namespace, pod, opts)),
    followLogs: (namespace, pod, container, cb) => (check('pods', 'get', namespace, pod, 'log'), base.followLogs(namespace, pod, container, cb)),
    create: (resource, obj, opts) => {
      check(resource, 'create', nsOf(obj), '');
      return base.create(resource, withRequestor(resource, obj, who()), opts);
    },
    update: (resource, obj, opts) => (check(resource, 'update', nsOf(obj), obj.metadata.name ?? ''), base.update(resource, obj, opts)),
    patch: (resource, namespace, name, type, patch, opts) => (
      check(resource, 'patch', namespace, name),
      base.patch(resource, namespace, name, type, patch, opts)
    ),
    delete: (resource, namespace, name, opts) => (check(resource, 'delete', namespace, name), base.delete(resource, namespace, name, opts)),
    updateStatus: (resource, obj) => (check(resource, 'update', nsOf(obj), obj.metadata.name ?? '', 'status'), base.updateStatus(resource, obj)),
    updateApproval: (obj) => (check(CSRS, 'update', undefined, obj.metadata.name ?? '', 'approval'), base.updateApproval(obj)),
    getScale: (resource, namespace, name) => (check(resource, 'get', namespace, name, 'scale'), base.getScale(resource, namespace, name)),
    updateScale: (resource, namespace, name, scale, opts) => (
      check(resource, 'update', namespace, name, 'scale'),
      base.updateScale(resource, namespace, name, scale, opts)
    ),
    bind: (namespace, pod, node) => (check('pods', 'create', namespace, pod, 'binding'), base.bind(namespace, pod, node)),
    evict: (namespace, pod, opts) => (check('pods', 'create', namespace, pod, 'eviction'), base.evict(namespace, pod, opts)),
    updateEphemeralContainers: (namespace, pod, wanted) => (
      check('pods', 'patch', namespace, pod, 'ephemeralcontainers'),
      base.updateEphemeralContainers(namespace, pod, wanted)
    ),
    createToken: (namespace, sa, spec) => (check('serviceaccounts', 'create', namespace, sa, 'token'), base.createToken(namespace, sa, spec)),
    portForward: (...args) => (check('pods', 'create', args[0], args[1], 'portforward'), base.portForward(...args)),
    exec: (...args) => (check('pods', 'create', args[0], args[1], 'exec'), base.exec(...args)),
    attach: (...args) => (check('pods', 'create', args[0], args[1], 'attach'), base.attach(...args)),
  };
}

const CSRS = 'certificatesigningrequests.certificates.k8s.io';
