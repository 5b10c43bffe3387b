/**
 * What the `rollout` sub-commands share: their targets (`TYPE NAME`, `TYPE/NAME`, `TYPE`, `-l`),
 * the `required resource not specified` error, and per-object error lines.
 */
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { getObject, listObjects, withKind } from '../../resource/fetch.ts';
import { keyOf, parseRequests } from '../../resource/resolve.ts';
import type { Target } from '../../resource/workloads.ts';

/** Objects named on the command line or in `-f` files; none at all is kubectl's usage error. */
export function rolloutTargets(inv: Invocation): Target[] {
  if (inv.flags.list('filename').length) {
    return readManifests(inv).map((m) => ({
      type: m.type,
      obj: withKind(inv.client.get(keyOf(m.type), manifestNamespace(inv, m), m.obj.metadata.name ?? ''), m.type),
    }));
  }
  if (inv.args.length === 0) throw new CliError('required resource not specified');
  // A bare TYPE means every object of that type (`kubectl rollout restart deployment`).
  const out: Target[] = [];
  for (const r of parseRequests(inv.args)) {
    if (r.names) for (const n of r.names) out.push({ type: r.type, obj: getObject(inv, r.type, n) });
    else for (const o of listObjects(inv, r.type)) out.push({ type: r.type, obj: withKind(o, r.type) });
  }
  return out;
}

/** The object as it is now (kubectl re-reads before each write). */
export function reread(inv: Invocation, t: Target): KubeObject {
  return getObject(inv, t.type, t.obj.metadata.name!);
}

/** `deployments.apps`: how rollout errors name a resource. */
export function resourceString(type: ResourceType): string {
  return type.group ? `${type.plural}.${type.group}` : type.plural;
}

/** GroupKind as Go prints it: `Pod`, `ReplicaSet.apps`. */
export function groupKind(type: ResourceType): string {
  return type.group ? `${type.kind}.${type.group}` : type.kind;
}
