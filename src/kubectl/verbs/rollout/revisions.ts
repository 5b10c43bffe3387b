/**
 * ControllerRevision history of a StatefulSet or DaemonSet as `kubectl rollout history` and
 * `rollout undo` read it (kubectl's ControllerRevision history viewer and rollbacker).
 */
import type { KubeObject, ReadClient } from '../../../sim/index.ts';

/** Revisions owned (as controller) by `owner`, oldest revision number first. */
export function ownedRevisions(client: ReadClient, owner: KubeObject): KubeObject[] {
  const uid = owner.metadata.uid;
  return client
    .list('controllerrevisions.apps', { namespace: owner.metadata.namespace })
    .items.filter((r) => !!r.metadata.ownerReferences?.some((o) => o.controller && o.uid === uid))
    .sort((a, b) => ((a.revision as number) ?? 0) - ((b.revision as number) ?? 0) || a.metadata.name!.localeCompare(b.metadata.name!));
}

/** The Pod template a revision recorded (its `data.spec.template`, without the patch directive). */
export function templateOf(revision: KubeObject): Record<string, unknown> {
  const t = { ...((revision.data as { spec?: { template?: Record<string, unknown> } })?.spec?.template ?? {}) };
  delete t.$patch;
  return t;
}
