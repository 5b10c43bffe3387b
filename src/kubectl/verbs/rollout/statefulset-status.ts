/**
 * What `kubectl rollout status` reports for a StatefulSet (kubectl's StatefulSetStatusViewer):
 * one line per poll, `done` when the rollout finished, `failed` for OnDelete.
 */
import type { KubeObject } from '../../../sim/index.ts';

/**
 * Same shape as the Deployment viewer's: `message` is the line kubectl prints (with its
 * trailing newline), or, when `failed`, the error text kubectl prints after `error: ` (exit 1).
 */
export interface RolloutStatus {
  message: string;
  done: boolean;
  failed: boolean;
}

/** The OnDelete answer of both viewers. */
export const ONLY_ROLLING_UPDATE: RolloutStatus = {
  message: 'rollout status is only available for RollingUpdate strategy type',
  done: false,
  failed: true,
};

function line(message: string, done = false): RolloutStatus {
  return { message: `${message}\n`, done, failed: false };
}

/** The StatefulSet rollout status line. */
export function statefulSetRolloutStatus(sts: KubeObject): RolloutStatus {
  const spec = sts.spec ?? {};
  const st = sts.status ?? {};
  if (spec.updateStrategy?.type !== 'RollingUpdate') {
    return ONLY_ROLLING_UPDATE;
  }
  const observed: number = st.observedGeneration ?? 0;
  if (observed === 0 || (sts.metadata.generation ?? 0) > observed) {
    return line('Waiting for statefulset spec update to be observed...');
  }
  const replicas: number | undefined = spec.replicas;
  const ready: number = st.readyReplicas ?? 0;
  const updated: number = st.updatedReplicas ?? 0;
  if (replicas !== undefined && ready < replicas) return line(`Waiting for ${replicas - ready} pods to be ready...`);
  const ru = spec.updateStrategy?.rollingUpdate;
  if (ru) {
    if (replicas !== undefined && ru.partition !== undefined && updated < replicas - ru.partition) {
      return line(`Waiting for partitioned roll out to finish: ${updated} out of ${replicas - ru.partition} new pods have been updated...`);
    }
    return line(`partitioned roll out complete: ${updated} new pods have been updated...`, true);
  }
  if (st.updateRevision !== st.currentRevision) {
    return line(`waiting for statefulset rolling update to complete ${updated} pods at revision ${st.updateRevision}...`);
  }
  return line(`statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...`, true);
}
