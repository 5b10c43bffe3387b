/** Running a kustomize build for a command (`kubectl kustomize`, `apply -k`): paths, warnings, errors. */
import { CliError } from '../cli/errors.ts';
import type { Invocation } from '../cli/verb.ts';
import { join, kustomizeBuild, KustomizeError } from './build.ts';

/** Builds `dir` (relative to the working directory) or throws kubectl's error. */
export function buildFromDir(inv: Invocation, dir: string): Record<string, unknown>[] {
  const abs = join(inv.ctx.cwd, dir);
  try {
    const r = kustomizeBuild(abs, inv.ctx.fs);
    for (const w of r.warnings) inv.err(w + '\n');
    return r.objects;
  } catch (e) {
    if (e instanceof KustomizeError) throw new CliError(e.message);
    throw e;
  }
}
