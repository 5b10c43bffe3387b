/**
 * `kubectl rollout status`: prints the rollout's status line each time the object changes
 * (as kubectl's watch does: identical consecutive lines repeat) until it is done, with
 * `--watch=false` (one line), `--timeout` (`error: timed out waiting for the condition`)
 * and `--revision` for Deployments. Time passes in cluster time (ctx.sleep).
 */
import type { KubeObject } from '../../../sim/index.ts';
import { daemonSetRolloutStatus } from './daemonset-status.ts';
import { deploymentRolloutStatus, type RolloutStatus } from './deployment-status.ts';
import { statefulSetRolloutStatus } from './statefulset-status.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { keyOf } from '../../resource/resolve.ts';
import { groupKind, rolloutTargets } from './targets.ts';

type Viewer = (obj: KubeObject, revision: number) => RolloutStatus;

const STEP = 100;

function deploymentViewer(obj: KubeObject, revision: number): RolloutStatus {
  if (revision > 0) {
    const current = Number(obj.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
    if (current !== revision) {
      return { message: `desired revision (${revision}) is different from the running revision (${current})`, done: false, failed: true };
    }
  }
  return deploymentRolloutStatus(obj);
}

const VIEWERS: Record<string, Viewer> = {
  Deployment: deploymentViewer,
  DaemonSet: (o) => daemonSetRolloutStatus(o),
  StatefulSet: (o) => statefulSetRolloutStatus(o),
};

async function run(inv: Invocation): Promise<number> {
  const targets = rolloutTargets(inv);
  if (targets.length !== 1) {
    throw new CliError(`rollout status is only supported on individual resources and resource collections - ${targets.length} resources were found`);
  }
  const { type, obj } = targets[0]!;
  const viewer = type.group === 'apps' ? VIEWERS[type.kind] : undefined;
  if (!viewer) throw new CliError(`no status viewer has been implemented for ${groupKind(type)}`);
  const revision = inv.flags.int('revision');
  const watch = inv.flags.bool('watch');
  const timeout = inv.flags.duration('timeout');
  const name = obj.metadata.name;
  const queue: KubeObject[] = [obj];
  let deleted = false;
  const unsubscribe = inv.client.watch(keyOf(type), { namespace: obj.metadata.namespace }, (e) => {
    if (e.object.metadata.name !== name) return;
    if (e.type === 'DELETED') deleted = true;
    else queue.push(e.object);
  });
  try {
    let waited = 0;
    for (;;) {
      while (queue.length) {
        const s = viewer(queue.shift()!, revision);
        if (s.failed) throw new CliError(s.message);
        inv.out(s.message);
        if (s.done || !watch) return 0;
      }
      if (deleted) throw new CliError('object has been deleted');
      if (timeout > 0 && waited >= timeout) throw new CliError('timed out waiting for the condition');
      const step = timeout > 0 ? Math.min(STEP, timeout - waited) : STEP;
      if (!(await inv.ctx.sleep(step))) return 1;
      waited += step;
    }
  } finally {
    unsubscribe();
  }
}

export const statusCommand: Verb = { name: 'status', short: 'Show the status of the rollout', run };
