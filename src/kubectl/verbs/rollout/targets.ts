/**
 * What the `rollout` sub-commands share: their targets (`TYPE NAME`, `TYPE/NAME`, `-l`),
 * the `required resource not specified` error, and per-object error lines.
 */
import type { KubeObject, ResourceType } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { getObject, withKind } from '../../resource/fetch.ts';
import { keyOf } from '../../resource/resolve.ts';
import { resolveTargets, type Target } from '../../resource/workloads.ts';

/** Objects named on the command line or in `-f` files; none at all is kubectl's usage error. */
export function rolloutTargets(inv: Invocation): Target[] {
  if (inv.flags.list('filename').length) {
    return readManifests(inv).map((m) => ({
      type: m.type,
      obj: withKind(inv.cluster.api.get(keyOf(m.type), manifestNamespace(inv, m), m.obj.metadata.name ?? ''), m.type),
    }));
  }
  if (inv.args.length === 0) throw new CliError('required resource not specified');
  return resolveTargets(inv, inv.args, false);
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
