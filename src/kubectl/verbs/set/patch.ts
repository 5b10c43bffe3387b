/**
 * How every `kubectl set` sub-command writes: split the arguments into resources and
 * `KEY=VALUE` / `KEY-` pairs, change a copy of each object's pod spec, skip objects the change
 * leaves as they were (kubectl's empty patch prints nothing), update the rest and print
 * `deployment.apps/web image updated`. Errors are gathered and reported at the end.
 */
import { ApiError, clone, type KubeObject, type ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { renderObjects } from '../../printers/output.ts';
import { getObject } from '../../resource/fetch.ts';
import { readManifests } from '../../resource/manifests.ts';
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

/** The objects to change: from `-f` files (as they are there with `--local`, else as the server has them) and the arguments. */
function targetsOf(inv: Invocation, resources: string[], local: boolean): { type: ResourceType; obj: KubeObject }[] {
  const fromFiles = inv.flags.list('filename').length ? readManifests(inv) : [];
  const files = fromFiles.map((m) => (local ? { type: m.type, obj: m.obj } : { type: m.type, obj: getObject(inv, m.type, m.obj.metadata.name ?? '') }));
  return [...files, ...(resources.length || !files.length ? resolveTargets(inv, resources) : [])];
}

/** Reports gathered errors the way kubectl's aggregate does; returns the exit status. */
export function finish(inv: Invocation, errors: string[]): number {
  if (!errors.length) return 0;
  const text = errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
  throw new CliError(text.startsWith('error: ') ? text : `error: ${text}`, { plain: true });
}

/**
 * Applies `change` (which mutates a copy and may push errors) to every target named by
 * `resources`, then writes and prints the changed ones with `done` (every one with
 * `printUnchanged`: `set serviceaccount` patches and prints without checking for an empty patch).
 */
export function patchTargets(
  inv: Invocation,
  resources: string[],
  change: (obj: KubeObject, errors: string[]) => void,
  done: string,
  opts: { printUnchanged?: boolean } = {},
): string[] {
  const dry = dryRunOf(inv);
  const errors: string[] = [];
  const local = inv.flags.has('local') && inv.flags.bool('local');
  if (local && resources.length) {
    throw new CliError(
      "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'",
    );
  }
  const output = inv.flags.has('output') ? inv.flags.str('output') : '';
  for (const { type, obj } of targetsOf(inv, resources, local)) {
    const copy = clone(obj);
    change(copy, errors);
    // --local and --dry-run=client print the changed object (or its name), changed or not.
    if (local || (dry === 'client' && output)) {
      if (output && output !== 'name') inv.out(renderObjects([copy], output, true, false, inv.flags.bool('allow-missing-template-keys'), true));
      else inv.out(`${kindPrefix(type)}/${obj.metadata.name}${output === 'name' ? '' : ` ${done}${drySuffix(dry)}`}\n`);
      continue;
    }
    const unchanged = canonical(copy) === canonical(obj);
    if (unchanged && !opts.printUnchanged) continue;
    if (dry !== 'client' && !unchanged) {
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
