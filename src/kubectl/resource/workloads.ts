/**
 * What the workload verbs (scale, rollout, set) share: resolving `TYPE NAME`, `TYPE/NAME`,
 * `-l` and `--all` into objects the way kubectl's resource builder does, and reaching the
 * pod spec inside any workload (a Pod's own spec, a controller's template, a CronJob's
 * job template).
 */
import type { KubeObject, ResourceType } from '../../sim/index.ts';
import { CliError } from '../cli/errors.ts';
import type { Invocation } from '../cli/verb.ts';
import { getObject, listObjects, withKind } from './fetch.ts';
import { parseRequests } from './resolve.ts';
import { globMatch as matchGlob } from '../../command/glob-match.ts';

/** One object the command acts on, with its type. */
export interface Target {
  type: ResourceType;
  obj: KubeObject;
}

/** The message kubectl prints when no resource was named at all. */
export const NO_RESOURCES = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/**
 * Objects named by `args` (`TYPE NAME...`, `TYPE/NAME...`); a bare TYPE needs `-l` or
 * `--all` (when `allowAll`). Missing names throw the API's NotFound.
 */
export function resolveTargets(inv: Invocation, args: string[], allowAll = true): Target[] {
  const out: Target[] = [];
  const selecting = (allowAll && inv.flags.has('all') && inv.flags.bool('all')) || (inv.flags.has('selector') && inv.flags.str('selector') !== '');
  for (const r of parseRequests(args)) {
    if (r.names) for (const n of r.names) out.push({ type: r.type, obj: getObject(inv, r.type, n) });
    else if (selecting) for (const o of listObjects(inv, r.type)) out.push({ type: r.type, obj: withKind(o, r.type) });
    else throw new CliError('resource(s) were provided, but no name was specified');
  }
  return out;
}

/** The pod spec an object carries (undefined for kinds without one). Mutations go into `obj`. */
export function podSpecOf(obj: KubeObject): Record<string, unknown> | undefined {
  switch (obj.kind) {
    case 'Pod':
      return obj.spec;
    case 'CronJob':
      return obj.spec?.jobTemplate?.spec?.template?.spec;
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job':
    case 'ReplicationController':
      return obj.spec?.template?.spec;
    default:
      return undefined;
  }
}

/** JSON with sorted keys, for comparing objects regardless of key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Go's `filepath.Match`-style glob as `-c/--containers` uses it (`*` and `?`), matched without backtracking. */
export function globMatch(pattern: string, name: string): boolean {
  return matchGlob(pattern, name);
}
