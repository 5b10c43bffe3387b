/**
 * Asking the cluster for the code of kinds it loads on first use (their admission and tables:
 * `ReadClient.prepare`) before writing them or printing them as a table, and for its access
 * checks (`KubeClient.prepareAccessChecks`) before a request that is not kind's admin's plain
 * own, and for its network before port-forward listens. The API server answers synchronously, so the wait happens here, in the command, while
 * the host holds cluster time (`ctx.loadCode`); code already there costs nothing.
 */
import { CliError } from '../cli/errors.ts';
import type { Manifest } from './manifests.ts';
import { keyOf } from './resolve.ts';
import type { Invocation } from '../cli/verb.ts';

/** Waits until the cluster can admit and print `resources` (store keys, `statefulsets.apps`); a failed download is a CliError (the next run tries again). */
export function prepareKinds(inv: Invocation, resources: readonly string[]): Promise<void> {
  return awaitCode(inv, inv.client.prepare(resources), [...new Set(resources)].join(', '));
}

/**
 * Waits until the cluster can authenticate credentials other than kind's admin, authorize with
 * RBAC, check impersonation and issue tokens; a failed download is a CliError (the next run tries again).
 */
export function prepareAccessChecks(inv: Invocation): Promise<void> {
  return awaitCode(inv, inv.client.prepareAccessChecks(), 'authentication and authorization');
}

/** Waits until the cluster can carry port-forward's connections (its network code); a failed download is a CliError. */
export function prepareNetwork(inv: Invocation): Promise<void> {
  return awaitCode(inv, inv.client.preparePortForward(), 'its network');
}

async function awaitCode(inv: Invocation, pending: Promise<void> | undefined, what: string): Promise<void> {
  if (!pending) return;
  try {
    await inv.ctx.loadCode(pending);
  } catch (e) {
    throw new CliError(`could not load the cluster's code for ${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** prepareKinds for the objects of `-f` files (errors in the list are left for the caller to report). */
export function prepareManifests(inv: Invocation, items: readonly (Manifest | CliError)[]): Promise<void> {
  return prepareKinds(inv, items.flatMap((m) => (m instanceof CliError ? [] : [keyOf(m.type)])));
}
