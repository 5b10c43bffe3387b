/**
 * `kubectl api-resources`: the resources the server's discovery documents list, as a table
 * (`-o wide` adds VERBS and CATEGORIES; `-o name`; `--namespaced`; `--api-group`; `--sort-by`).
 */
import type { ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { formatTable } from '../../printers/table-writer.ts';

function apiVersion(t: ResourceType): string {
  return t.group ? `${t.group}/${t.version}` : t.version;
}

async function run(inv: Invocation): Promise<number> {
  const out = inv.flags.str('output');
  if (out !== '' && out !== 'wide' && out !== 'name') throw new CliError(`--output ${out} is not available`);
  let types = [...inv.client.discovery.allResources()];
  if (inv.flags.has('namespaced')) types = types.filter((t) => t.namespaced === inv.flags.bool('namespaced'));
  if (inv.flags.has('api-group')) types = types.filter((t) => t.group === inv.flags.str('api-group'));
  const sortBy = inv.flags.str('sort-by');
  if (sortBy === 'name') types.sort((a, b) => a.plural.localeCompare(b.plural));
  else if (sortBy === 'kind') types.sort((a, b) => a.kind.localeCompare(b.kind));
  else if (sortBy) throw new CliError(`--sort-by accepts only name or kind`);
  if (out === 'name') {
    inv.out(types.map((t) => (t.group ? `${t.plural}.${t.group}` : t.plural) + '\n').join(''));
    return 0;
  }
  const rows = types.map((t) => {
    const row = [t.plural, t.shortNames.join(','), apiVersion(t), String(t.namespaced), t.kind];
    if (out === 'wide') row.push(`[${t.verbs.join(' ')}]`, (t.categories ?? []).join(','));
    return row;
  });
  if (!inv.flags.bool('no-headers')) {
    rows.unshift(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(out === 'wide' ? ['VERBS', 'CATEGORIES'] : [])]);
  }
  inv.out(formatTable(rows));
  return 0;
}

registerVerb({ name: 'api-resources', short: 'Print the supported API resources on the server', run });
