/**
 * What one Deployment sync works with. Like the Go controller, a sync carries a working copy
 * of the Deployment whose status and annotations it edits in memory and writes through the
 * status subresource, and the list of ReplicaSets it controls, refreshed as it scales them.
 */
import type { KubeObject } from '../../api/types.ts';
import { clone } from '../../api/types.ts';
import type { ApiServer } from '../../apiserver/api-server.ts';
import type { EventRecorder } from '../../events/recorder.ts';
import { canonicalJson } from '../shared/pod-template-hash.ts';

export const DEPLOYMENT_CONTROLLER = 'deployment-controller';
export const DEPLOYMENTS = 'deployments.apps';
export const REPLICASETS = 'replicasets.apps';

export interface DeploymentContext {
  api: ApiServer;
  events: EventRecorder;
  /** Cluster time of this sync (ms). */
  now: number;
  /** Mutable working copy of the Deployment. */
  d: KubeObject;
  /** The ReplicaSets the Deployment controls (frozen store objects, replaced when written). */
  rsList: KubeObject[];
  /** Pods controlled by a ReplicaSet (terminating ones included), by ReplicaSet uid. */
  podsOf(rs: KubeObject): KubeObject[];
  /** Set by progress.ts when the Deployment must be looked at again later (ms). */
  requeueAfter?: number;
}

/** Writes the working copy's status and annotations (UpdateStatus) and refreshes it. */
export function writeDeploymentStatus(ctx: DeploymentContext): void {
  const { d } = ctx;
  const stored = ctx.api.modifyStatus(DEPLOYMENTS, d.metadata.namespace, d.metadata.name!, (o) => {
    o.status = clone(d.status ?? {});
    if (d.metadata.annotations) o.metadata.annotations = clone(d.metadata.annotations);
  });
  ctx.d = clone(stored);
}

/** Whether two statuses are the same (reflect.DeepEqual on the JSON shape). */
export function sameStatus(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? {}) === canonicalJson(b ?? {});
}

/** Replaces a ReplicaSet in the context's list by uid after writing it. */
export function replaceReplicaSet(ctx: DeploymentContext, rs: KubeObject): void {
  const i = ctx.rsList.findIndex((x) => x.metadata.uid === rs.metadata.uid);
  if (i >= 0) ctx.rsList[i] = rs;
  else ctx.rsList.push(rs);
}

/** Records a Normal event on the Deployment from the deployment controller. */
export function recordEvent(ctx: DeploymentContext, type: 'Normal' | 'Warning', reason: string, message: string): void {
  ctx.events.record(ctx.d, type, reason, message, { component: DEPLOYMENT_CONTROLLER });
}
