/**
 * `kubectl plugin list`: the `kubectl-*` files in the directories of `$PATH` (plugin.go). The
 * terminal's files carry no execute bit (nothing the learner writes can be run as a program),
 * so each one found gets kubectl's "not executable" warning, as a file made with `cat >` would
 * on a real machine; with none, kubectl's "unable to find any kubectl plugins" error.
 */
import { CliError, usageError } from '../../cli/errors.ts';
import { findVerb, registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';

/** The plugin files on `$PATH`, in PATH order, then by name within a directory. */
function pluginFiles(inv: Invocation): string[] {
  const found: string[] = [];
  for (const dir of (inv.ctx.env.PATH ?? '').split(':').filter(Boolean)) {
    if (!inv.ctx.fs.isDir(dir)) continue;
    for (const name of inv.ctx.fs.list(dir)) if (name.startsWith('kubectl-') && !name.endsWith('/')) found.push(`${dir.replace(/\/$/, '')}/${name}`);
  }
  return found;
}

/** What the plugin verifier says of one plugin: not executable, overshadowed, or taking a built-in command's name. */
function warnings(path: string, all: string[]): string[] {
  const out = [`warning: ${path} identified as a kubectl plugin, but it is not executable`];
  const base = path.slice(path.lastIndexOf('/') + 1);
  const first = all.find((p) => p.slice(p.lastIndexOf('/') + 1) === base);
  if (first !== path) out.push(`warning: ${path} is overshadowed by a similarly named plugin: ${first}`);
  const command = base.slice('kubectl-'.length).split('-')[0]!;
  if (findVerb(command)?.name === command) out.push(`warning: ${base} overwrites existing command: "kubectl ${command}"`);
  return out;
}

const list: Verb = {
  name: 'list',
  short: 'List all visible plugin executables on a user\'s PATH',
  run: async (inv) => {
    const plugins = pluginFiles(inv);
    const errors: string[] = [];
    if (plugins.length) inv.out('The following compatible plugins are available:\n\n');
    else errors.push('error: unable to find any kubectl plugins in your PATH');
    let count = 0;
    for (const p of plugins) {
      inv.out(`${inv.flags.bool('name-only') ? p.slice(p.lastIndexOf('/') + 1) : p}\n`);
      for (const w of warnings(p, plugins)) {
        inv.err(`  - ${w}\n`);
        count++;
      }
    }
    if (count) errors.push(count === 1 ? 'error: one plugin warning was found' : `error: ${count} plugin warnings were found`);
    if (errors.length) throw new CliError(errors.join('\n'), { plain: true });
    return 0;
  },
};

registerVerb({
  name: 'plugin',
  short: 'Provides utilities for interacting with plugins',
  subcommands: [list],
  run: async (inv) => {
    if (inv.args.length) throw usageError('plugin', `unknown command "${inv.args[0]}"`);
    inv.err(HELP['plugin'] ?? '');
    return 1;
  },
});
