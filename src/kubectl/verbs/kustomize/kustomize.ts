/**
 * `kubectl kustomize [DIR]`: builds a kustomization from the terminal's files and prints the
 * objects as YAML documents; `-o FILE` writes them to a file instead.
 */
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { join } from '../../kustomize/build.ts';
import { buildFromDir } from '../../kustomize/from-dir.ts';
import { toYaml } from '../../printers/yaml.ts';

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length > 1) throw new CliError(`specify one path to kustomization.yaml`);
  const objects = buildFromDir(inv, inv.args[0] ?? '.');
  const text = objects.map((o) => toYaml(o)).join('---\n');
  const out = inv.flags.str('output');
  if (out) inv.ctx.fs.write(join(inv.ctx.cwd, out), text);
  else inv.out(text);
  return 0;
}

registerVerb({ name: 'kustomize', short: 'Build a kustomization target from a directory or URL', run });
