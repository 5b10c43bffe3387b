/**
 * `kubectl completion SHELL`: prints the shell completion script the real kubectl 1.32 prints
 * (bash, zsh, fish, powershell). The scripts load on first use. In this terminal Tab already
 * completes kubectl; `source <(kubectl completion bash)` runs as it does in bash.
 */
import { usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { completeShells } from '../complete.ts';
import { loadPart } from '../../cli/on-demand.ts';

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0) throw usageError('completion', 'Shell not specified.');
  if (inv.args.length > 1) throw usageError('completion', 'Too many arguments. Expected only the shell type.');
  const shell = inv.args[0]!;
  const { COMPLETION_SCRIPTS } = await inv.ctx.loadCode(loadPart('completion scripts', () => import('./scripts.ts')));
  const script = COMPLETION_SCRIPTS[shell];
  if (script === undefined) throw usageError('completion', `Unsupported shell type "${shell}".`);
  inv.out(script);
  return 0;
}

registerVerb({
  name: 'completion',
  short: 'Output shell completion code for the specified shell (bash, zsh, fish, or powershell)',
  run,
  complete: completeShells,
});
