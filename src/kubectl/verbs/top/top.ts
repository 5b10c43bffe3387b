/**
 * `kubectl top pod|node`: the simulated cluster, like a fresh kind cluster, runs no
 * metrics-server, so kubectl finds no metrics.k8s.io API and says so.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { HELP, loadHelpTexts } from '../../help/texts.ts';

const RESOURCES = new Set(['pod', 'pods', 'po', 'node', 'nodes', 'no']);

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0) {
    // Bare `top` prints its help, which the dispatcher does not load for it (top has no
    // registered sub-commands); without this the first run would print nothing.
    await inv.ctx.loadCode(loadHelpTexts());
    inv.out(HELP['top'] ?? '');
    return 0;
  }
  if (!RESOURCES.has(inv.args[0]!)) throw usageError('top', `unknown command "${inv.args.join(' ')}"`);
  inv.err('error: Metrics API not available\n');
  return 1;
}

registerVerb({ name: 'top', short: 'Display resource (CPU/memory) usage', run });
