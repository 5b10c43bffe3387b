/**
 * What `kubectl rollout status` reports for a DaemonSet (kubectl's DaemonSetStatusViewer).
 */
import type { KubeObject } from '../../../sim/index.ts';
import { ONLY_ROLLING_UPDATE, type RolloutStatus } from './statefulset-status.ts';

/** The DaemonSet rollout status line. */
export function daemonSetRolloutStatus(ds: KubeObject): RolloutStatus {
  const st = ds.status ?? {};
  const name = ds.metadata.name;
  if (ds.spec?.updateStrategy?.type !== 'RollingUpdate') {
    return ONLY_ROLLING_UPDATE;
  }
  if ((ds.metadata.generation ?? 0) > (st.observedGeneration ?? 0)) {
    return { message: 'Waiting for daemon set spec update to be observed...\n', done: false, failed: false };
  }
  const desired: number = st.desiredNumberScheduled ?? 0;
  const updated: number = st.updatedNumberScheduled ?? 0;
  const available: number = st.numberAvailable ?? 0;
  if (updated < desired) {
    return { message: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false, failed: false };
  }
  if (available < desired) {
    return { message: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${available} of ${desired} updated pods are available...\n`, done: false, failed: false };
  }
  return { message: `daemon set ${JSON.stringify(name)} successfully rolled out\n`, done: true, failed: false };
}
