/**
 * From a resource address (`{ group, version, resource }` or `deployments.apps`) to the type
 * the server serves and the key its storage uses. An address the server does not serve is the
 * server's 404, worded as it words it for an unknown URL path.
 */
import { ApiError } from '../api/errors.ts';
import { RESOURCE_TYPES, resourceKey, typeByKey, type ResourceType } from '../api/resources.ts';
import type { ResourceAddress } from './types.ts';

/** The served type at `addr`; throws NotFound for a resource (or version) not served. */
export function resourceTypeAt(addr: ResourceAddress): ResourceType {
  if (typeof addr === 'string') {
    const t = typeByKey(addr);
    if (!t) throw unknownResource(addr);
    return t;
  }
  const t = RESOURCE_TYPES.find(
    (r) => r.plural === addr.resource && r.group === addr.group && (!addr.version || r.version === addr.version || r.alsoServed?.includes(addr.version)),
  );
  if (!t) throw unknownResource(addr.group ? `${addr.resource}.${addr.group}` : addr.resource);
  return t;
}

/** The storage key (`pods`, `deployments.apps`) of the type at `addr`. */
export function keyAt(addr: ResourceAddress): string {
  return resourceKey(resourceTypeAt(addr));
}

function unknownResource(key: string): ApiError {
  return new ApiError('NotFound', `the server could not find the requested resource (${key})`);
}
