/**
 * The `serviceaccounts/NAME/token` subresource (a TokenRequest), as the API server serves it:
 * a JWT signed with the cluster's service-account key, carrying the claims a 1.32 token has
 * (aud, exp, iat, iss, jti, kubernetes.io {namespace, node?, pod?, secret?, serviceaccount},
 * nbf, sub), with the server's default lifetime (1h) and its validation of the request.
 * The signature is random bytes of an RS256 signature's length: nothing verifies it here.
 * Part of the access checks that load on first use (access-checks-part.ts).
 */
import { ApiError, notFound } from '../api/errors.ts';
import { base64Decode, base64Encode } from '../api/base64.ts';
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';

/** The issuer and default audience of kind's API server (`--service-account-issuer`). */
export const TOKEN_ISSUER = 'https://kubernetes.default.svc.cluster.local';

/** What a TokenRequest asks for. */
export interface TokenRequestSpec {
  audiences?: string[];
  /** Seconds; the server's default (3600) when absent. */
  expirationSeconds?: number;
  boundObjectRef?: { kind: 'Pod' | 'Secret' | 'Node'; name: string; uid?: string };
}

const keyIds = new WeakMap<Cluster, string>();
/** The tokens each cluster issued (the stand-in for checking a token's signature against the cluster's key). */
const issued = new WeakMap<Cluster, Set<string>>();

const base64url = (s: string | number[]) => base64Encode(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function invalid(name: string, field: string, value: number, detail: string): ApiError {
  return new ApiError('Invalid', `TokenRequest.authentication.k8s.io "${name}" is invalid: ${field}: Invalid value: ${value}: ${detail}`, {
    group: 'authentication.k8s.io',
    kind: 'TokenRequest',
    name,
    causes: [{ reason: 'FieldValueInvalid', message: `${field}: Invalid value: ${value}: ${detail}`, field }],
  });
}

/** Issues a token for ServiceAccount `name` in `namespace`; returns the TokenRequest with its status. */
export function requestServiceAccountToken(cluster: Cluster, namespace: string, name: string, spec: TokenRequestSpec): KubeObject {
  const sa = cluster.store.get('serviceaccounts', namespace, name);
  if (!sa) throw notFound('serviceaccounts', name);
  const seconds = spec.expirationSeconds ?? 3600;
  if (seconds < 600) throw invalid(name, 'spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes');
  if (seconds > 2 ** 32) throw invalid(name, 'spec.expirationSeconds', seconds, 'may not specify a duration larger than 2^32 seconds');
  const audiences = spec.audiences?.length ? spec.audiences : [TOKEN_ISSUER];
  const k8s: Record<string, unknown> = { namespace };
  const ref = spec.boundObjectRef;
  if (ref) {
    const resource = { Pod: 'pods', Secret: 'secrets', Node: 'nodes' }[ref.kind];
    const obj = cluster.store.get(resource, ref.kind === 'Node' ? '' : namespace, ref.name);
    if (!obj) throw notFound(resource, ref.name);
    if (ref.uid && ref.uid !== obj.metadata.uid) {
      throw new ApiError(
        'BadRequest',
        `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
      );
    }
    const id = { name: ref.name, uid: obj.metadata.uid };
    if (ref.kind === 'Pod') {
      const node = obj.spec?.nodeName ? cluster.store.get('nodes', '', obj.spec.nodeName) : undefined;
      if (node) k8s.node = { name: node.metadata.name, uid: node.metadata.uid };
      k8s.pod = id;
    } else if (ref.kind === 'Secret') k8s.secret = id;
    else k8s.node = id;
  }
  k8s.serviceaccount = { name, uid: sa.metadata.uid };
  const now = Math.floor(cluster.now() / 1000);
  const claims = {
    aud: audiences,
    exp: now + seconds,
    iat: now,
    iss: TOKEN_ISSUER,
    jti: cluster.random.uuid(),
    'kubernetes.io': k8s,
    nbf: now,
    sub: `system:serviceaccount:${namespace}:${name}`,
  };
  let kid = keyIds.get(cluster);
  if (!kid) {
    kid = base64url(Array.from({ length: 32 }, () => cluster.random.int(0, 255)));
    keyIds.set(cluster, kid);
  }
  const signature = base64url(Array.from({ length: 256 }, () => cluster.random.int(0, 255)));
  const token = `${base64url(JSON.stringify({ alg: 'RS256', kid }))}.${base64url(JSON.stringify(claims))}.${signature}`;
  let tokens = issued.get(cluster);
  if (!tokens) issued.set(cluster, (tokens = new Set()));
  tokens.add(token);
  const expires = new Date((now + seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name, namespace, creationTimestamp: null as unknown as string },
    spec: {
      audiences,
      boundObjectRef: ref ? { kind: ref.kind, apiVersion: 'v1', name: ref.name, ...(ref.uid ? { uid: ref.uid } : {}) } : null,
      expirationSeconds: seconds,
    },
    status: { token, expirationTimestamp: expires },
  };
}

/** A JWT segment (base64url, padding stripped) decoded; the standard decoder wants the padding back. */
const base64urlDecode = (s: string) => {
  const std = s.replace(/-/g, '+').replace(/_/g, '/');
  return base64Decode(std + '='.repeat((4 - (std.length % 4)) % 4));
};

/**
 * The service account a bearer token authenticates as (the API server's service-account token
 * authenticator): a token this cluster issued, not expired, whose ServiceAccount still exists
 * with the uid it was issued for. Undefined for any other token.
 */
export function tokenUser(cluster: Cluster, token: string): { username: string; groups: string[]; uid: string; extra: Record<string, string[]> } | undefined {
  if (!issued.get(cluster)?.has(token)) return undefined;
  let claims: { exp?: number; nbf?: number; jti?: string; 'kubernetes.io'?: { namespace?: string; serviceaccount?: { name?: string; uid?: string } } };
  try {
    claims = JSON.parse(base64urlDecode(token.split('.')[1] ?? ''));
  } catch {
    return undefined;
  }
  const now = cluster.now() / 1000;
  if ((claims.exp ?? 0) < now || (claims.nbf ?? 0) > now) return undefined;
  const ns = claims['kubernetes.io']?.namespace ?? '';
  const sa = claims['kubernetes.io']?.serviceaccount;
  const live = sa?.name ? cluster.store.get('serviceaccounts', ns, sa.name) : undefined;
  if (!sa || !live || live.metadata.uid !== sa.uid) return undefined;
  return {
    username: `system:serviceaccount:${ns}:${sa.name}`,
    uid: live.metadata.uid!,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'],
    extra: { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti ?? ''}`] },
  };
}
