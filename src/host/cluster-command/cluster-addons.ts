/**
 * `cluster addons [list | enable NAME | disable NAME]`: the add-ons a kind user would install
 * next to the cluster (src/sim/addons/registry.ts). This command only parses and reports.
 */
import type { Cluster } from '../../sim/index.ts';
import { addon, addonReady, addons, loadAddonCode } from '../../sim/host-api.ts';
import type { ExecContext } from '../../command/contract.ts';

/** Help lines for `cluster` usage. */
export const ADDONS_HELP = `  cluster addons              list the add-ons (load balancer, ...) and whether they run
  cluster addons enable NAME  install an add-on; disable NAME removes it
`;

/** Runs `cluster addons ARGS`. */
export async function clusterAddons(cluster: Cluster, args: string[], ctx: ExecContext): Promise<number> {
  const [verb, name, ...extra] = args;
  if (verb === undefined || verb === 'list') {
    const all = addons(cluster);
    const width = Math.max(4, ...all.map((a) => a.name.length));
    ctx.stdout(`${'NAME'.padEnd(width)}   STATUS     DESCRIPTION\n`);
    for (const a of all) ctx.stdout(`${a.name.padEnd(width)}   ${(a.enabled(cluster) ? 'enabled' : 'disabled').padEnd(8)}   ${a.summary}\n`);
    return 0;
  }
  if ((verb !== 'enable' && verb !== 'disable') || !name || extra.length) {
    ctx.stderr(`cluster: usage: cluster addons [list | enable NAME | disable NAME]\n`);
    return 1;
  }
  const a = addon(cluster, name);
  if (!a) {
    ctx.stderr(`cluster: unknown add-on "${name}"; known add-ons: ${addons(cluster).map((x) => x.name).join(', ')}\n`);
    return 1;
  }
  if (!addonReady(cluster, a)) {
    // Its manifest loads on first use; cluster time holds meanwhile (ctx.loadCode and the cluster's own code state).
    try {
      await ctx.loadCode(loadAddonCode(cluster, a));
    } catch (e) {
      ctx.stderr(`cluster: could not load the ${a.name} add-on: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
  }
  try {
    const lines = verb === 'enable' ? a.enable(cluster) : a.disable(cluster);
    cluster.settle();
    for (const l of lines) ctx.stdout(`${l}\n`);
    return 0;
  } catch (e) {
    ctx.stderr(`cluster: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
