/**
 * The CertificateSigningRequest strategy's PrepareForCreate, which every client's create goes
 * through: a CSR's requestor (`spec.username`, `groups`, `uid`) is whoever sent it, never what
 * the object says.
 */
import type { KubeObject } from '../api/types.ts';
import type { UserInfo } from '../auth/rbac.ts';
import { resourceTypeAt } from './address.ts';
import type { ResourceAddress } from './types.ts';

/** `obj` with the requestor fields of `user` when it is a CSR; otherwise `obj` itself. */
export function withRequestor(resource: ResourceAddress, obj: KubeObject, user: UserInfo): KubeObject {
  if (resourceTypeAt(resource).plural !== 'certificatesigningrequests') return obj;
  const spec: Record<string, unknown> = { ...(obj.spec ?? {}), username: user.username, groups: user.groups };
  if (user.uid) spec.uid = user.uid;
  else delete spec.uid;
  delete spec.extra;
  return { ...obj, spec };
}
