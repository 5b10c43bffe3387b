/**
 * `set -x`: each command, as bash traces it, written to standard error after PS4 (default
 * `+ `), whose first character is repeated once per level of `$(...)` or `eval` (`++ `).
 */
import { expandedSource, type ExpandEnv } from './expand.ts';
import type { Sink } from './redirect.ts';
import type { Shell } from './shell.ts';

/** A writer of trace lines for the command about to run; undefined when `set -x` is off. */
export async function tracer(sh: Shell, err: Sink, env: ExpandEnv): Promise<((text: string) => void) | undefined> {
  if (!sh.options.has('xtrace')) return undefined;
  const ps4 = Object.prototype.hasOwnProperty.call(sh.env, 'PS4') ? sh.env.PS4! : '+ ';
  let prefix = ps4;
  if (ps4.includes('$') || ps4.includes('`')) {
    // The expansion of PS4 is not itself traced.
    sh.options.delete('xtrace');
    try {
      prefix = await expandedSource(ps4, { ...env, warn: () => {} });
    } catch {
      prefix = ps4;
    } finally {
      sh.options.add('xtrace');
    }
  }
  const head = prefix.slice(0, 1).repeat(sh.traceDepth) + prefix.slice(1);
  return (text) => err(`${head}${text}\n`);
}
