/**
 * The API server's checks of who is asking, loaded on first use: authenticating credentials
 * other than kind's admin (a client certificate the cluster's CA issued, a service-account
 * token), RBAC, impersonation, and the TokenRequests that issue those tokens (access-checks.ts).
 * kind's admin is a superuser whose requests go unchecked, so a terminal that only ever speaks
 * as the admin never needs this code. The client's calls are synchronous, as the API server's
 * are: whoever is about to send a request that needs the checks prepares first
 * (`client.prepareAccessChecks()`, kubectl before a command with another kubeconfig user,
 * `--as`, `auth can-i` or `create token`); cluster time holds while it loads. A call that
 * needs it before it is there is refused with an internal error, never answered unchecked.
 */
import { ApiError } from '../api/errors.ts';
import type { Cluster } from '../cluster.ts';
import { codePart } from '../deferred/code-part.ts';

export const ACCESS_CHECKS = codePart('access-checks', () => import('./access-checks.ts'));

export type AccessChecks = Awaited<ReturnType<typeof ACCESS_CHECKS.load>>;

/** The loaded checks, or the internal error of a caller that did not prepare them. */
export function accessChecks(cluster: Cluster, what: string): AccessChecks {
  const m = cluster.code.loaded(ACCESS_CHECKS);
  if (!m) throw new ApiError('InternalError', `Internal error occurred: the simulator's code for access checks has not loaded yet (${what} before prepare)`);
  return m;
}

/** Loads the checks (cluster time holds meanwhile); undefined when they are there already. */
export function prepareAccessChecks(cluster: Cluster): Promise<void> | undefined {
  if (cluster.code.loaded(ACCESS_CHECKS)) return undefined;
  return cluster.code.load(ACCESS_CHECKS).then(() => undefined);
}
