/**
 * kubectl for the simulated cluster. PLACEHOLDER CONTRACT: replaced by the real implementation.
 */
import type { Cluster } from '../sim/index.ts';
import type { Command } from '../shell/exec.ts';

export interface Kubectl {
  /** Runs `kubectl ARGS...` (args exclude the word `kubectl`). */
  run: Command;
  /** Completion candidates for the last word of `args` (args exclude `kubectl`). */
  complete(args: string[]): string[];
}

export function createKubectl(cluster: Cluster): Kubectl {
  void cluster;
  return {
    run: async (_args, ctx) => {
      ctx.stderr('error: kubectl is not available yet\n');
      return 1;
    },
    complete: () => [],
  };
}
