/**
 * Asking the cluster for the code of kinds it loads on first use (their admission and tables:
 * `ReadClient.prepare`) before writing them or printing them as a table. The API server answers
 * synchronously, so the wait happens here, in the command, while the host holds cluster time
 * (`ctx.loadCode`); a kind already there costs nothing.
 */
import { CliError } from '../cli/errors.ts';
import type { Manifest } from './manifests.ts';
import { keyOf } from './resolve.ts';
import type { Invocation } from '../cli/verb.ts';

/** Waits until the cluster can admit and print `resources` (store keys, `statefulsets.apps`); a failed download is a CliError (the next run tries again). */
export async function prepareKinds(inv: Invocation, resources: readonly string[]): Promise<void> {
  const pending = inv.client.prepare(resources);
  if (!pending) return;
  try {
    await inv.ctx.loadCode(pending);
  } catch (e) {
    throw new CliError(`could not load the cluster's code for ${[...new Set(resources)].join(', ')}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** prepareKinds for the objects of `-f` files (errors in the list are left for the caller to report). */
export function prepareManifests(inv: Invocation, items: readonly (Manifest | CliError)[]): Promise<void> {
  return prepareKinds(inv, items.flatMap((m) => (m instanceof CliError ? [] : [keyOf(m.type)])));
}
