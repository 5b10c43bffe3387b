/**
 * `kubectl rollout status` for Deployments (polymorphichelpers/rollout_status.go): one line
 * describing where the rollout stands, whether it is done, or the progress-deadline error.
 */
import type { KubeObject } from '../../../sim/index.ts';

export interface RolloutStatus {
  /** The line kubectl prints (with its trailing newline), or the error text after `error: `. */
  message: string;
  done: boolean;
  /** True when the rollout exceeded its progress deadline (kubectl exits 1). */
  failed: boolean;
}

/** The status line for `deployment` as it stands now. */
export function deploymentRolloutStatus(deployment: KubeObject): RolloutStatus {
  const name = deployment.metadata.name;
  const s = deployment.status ?? {};
  const n = (k: string): number => Number(s[k] ?? 0);
  if ((deployment.metadata.generation ?? 0) > n('observedGeneration')) {
    return { message: 'Waiting for deployment spec update to be observed...\n', done: false, failed: false };
  }
  const progressing = (s.conditions as { type?: string; reason?: string }[] | undefined)?.find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') {
    return { message: `deployment "${name}" exceeded its progress deadline`, done: false, failed: true };
  }
  const want = Number(deployment.spec?.replicas ?? 1);
  const wait = (text: string): RolloutStatus => ({ message: `Waiting for deployment "${name}" rollout to finish: ${text}...\n`, done: false, failed: false });
  if (n('updatedReplicas') < want) return wait(`${n('updatedReplicas')} out of ${want} new replicas have been updated`);
  if (n('replicas') > n('updatedReplicas')) return wait(`${n('replicas') - n('updatedReplicas')} old replicas are pending termination`);
  if (n('availableReplicas') < n('updatedReplicas')) return wait(`${n('availableReplicas')} of ${n('updatedReplicas')} updated replicas are available`);
  return { message: `deployment "${name}" successfully rolled out\n`, done: true, failed: false };
}
