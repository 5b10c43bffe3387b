/**
 * How every `kubectl set` sub-command writes: split the arguments into resources and
 * `KEY=VALUE` / `KEY-` pairs, change a copy of each object's pod spec, skip objects the change
 * leaves as they were (kubectl's empty patch prints nothing), update the rest and print
 * `deployment.apps/web image updated`. Errors are gathered and reported at the end.
 */
import { ApiError, clone, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { keyOf, kindPrefix } from '../../resource/resolve.ts';
import { canonical, podSpecOf, resolveTargets } from '../../resource/workloads.ts';
import { drySuffix, dryRunOf } from '../../resource/write.ts';

/** GetResourcesAndPairs: resources first, then pairs (`a=b`, `a-`); a resource after a pair is an error. */
export function splitPairs(args: string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const pair = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (pair) pairs.push(s);
    else if (pairs.length) throw new CliError(`all resources must be specified before ${pairType} changes: ${s}`);
    else resources.push(s);
  }
  return { resources, pairs };
}

/** The pod spec inside `obj` (mutable), or kubectl's error for kinds without one. */
export function podSpec(obj: KubeObject): Record<string, unknown> {
  const spec = podSpecOf(obj);
  if (!spec) throw new CliError(`${obj.kind} ${obj.metadata.name} does not have a pod template`);
  return spec;
}

/** Reports gathered errors the way kubectl's aggregate does; returns the exit status. */
export function finish(inv: Invocation, errors: string[]): number {
  if (!errors.length) return 0;
  const text = errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
  throw new CliError(text.startsWith('error: ') ? text : `error: ${text}`, { plain: true });
}

/**
 * Applies `change` (which mutates a copy and may push errors) to every target named by
 * `resources`, then writes and prints the changed ones with `done`.
 */
export function patchTargets(inv: Invocation, resources: string[], change: (obj: KubeObject, errors: string[]) => void, done: string): string[] {
  const dry = dryRunOf(inv);
  const errors: string[] = [];
  for (const { type, obj } of resolveTargets(inv, resources)) {
    const copy = clone(obj);
    change(copy, errors);
    if (canonical(copy) === canonical(obj)) continue;
    if (dry !== 'client') {
      delete copy.metadata.resourceVersion;
      try {
        inv.client.update(keyOf(type), copy, { dryRun: dry === 'server' });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push(`failed to patch ${done.split(' ')[0]} update to pod template: ${e.message}`);
        continue;
      }
    }
    inv.out(`${kindPrefix(type)}/${obj.metadata.name} ${done}${drySuffix(dry)}\n`);
  }
  return errors;
}
