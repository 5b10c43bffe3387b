/**
 * `kubectl api-versions`: every group/version the API server's discovery lists (`/api` and
 * `/apis`), sorted as strings, one per line (apiversions.go).
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length) throw usageError('api-versions', `unexpected arguments: [${inv.args.join(' ')}]`);
  const versions: string[] = [];
  for (const g of inv.client.discovery.groups()) for (const v of g.versions) versions.push(g.name ? `${g.name}/${v}` : v);
  versions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  inv.out(versions.map((v) => v + '\n').join(''));
  return 0;
}

registerVerb({ name: 'api-versions', short: 'Print the supported API versions on the server, in the form of "group/version"', run });
