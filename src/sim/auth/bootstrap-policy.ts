/**
 * A kind cluster's bootstrap RBAC policy, kept in reserve: the kind preset records when the
 * cluster started (`reserveBootstrapPolicy`), and the roles and bindings are written into the
 * store only when a request first needs them (a read or write of an RBAC resource, or an RBAC
 * decision for someone other than kind's admin), so that a session that never asks keeps every
 * resourceVersion it had. The policy's code (bootstrap/) loads on first use: callers that are
 * about to make such a request prepare it first (`prepareBootstrapPolicy`, reached through the
 * client's `prepare` for the RBAC resources). This installer also runs the ClusterRole
 * aggregation controller, from the same code, woken by the first ClusterRole change.
 */
import type { Cluster } from '../cluster.ts';
import { codePart } from '../deferred/code-part.ts';
import { deferredController } from '../deferred/deferred-controller.ts';
import type { Installer } from '../installer.ts';
import { installRbacTables } from '../apiserver/tables/rbac.ts';

const GROUP = 'rbac.authorization.k8s.io';
/** The four RBAC resources, as store keys. */
export const RBAC_RESOURCES = [`clusterroles.${GROUP}`, `clusterrolebindings.${GROUP}`, `roles.${GROUP}`, `rolebindings.${GROUP}`];

export const RBAC_POLICY_CODE = codePart('rbac-bootstrap-policy', () => import('./bootstrap/index.ts'));

const STATE = 'rbac-bootstrap-policy';

interface Reserved {
  /** When the cluster started (ms). */
  t0: number;
  written: boolean;
}

/** Marks `cluster` as holding the bootstrap policy of a cluster started at `t0`. */
export function reserveBootstrapPolicy(cluster: Cluster, t0: number): void {
  cluster.extensions.set(STATE, { t0, written: false } satisfies Reserved);
}

function reserved(cluster: Cluster): Reserved | undefined {
  const s = cluster.extensions.get(STATE) as Reserved | undefined;
  return s && !s.written ? s : undefined;
}

/**
 * Writes the reserved policy now if it is still to be written. Without its code (a caller that
 * did not prepare) it asks for the code and answers from what the store holds.
 */
export function ensureBootstrapPolicy(cluster: Cluster): void {
  const s = reserved(cluster);
  if (!s) return;
  const m = cluster.code.loaded(RBAC_POLICY_CODE);
  if (!m) {
    void cluster.code.load(RBAC_POLICY_CODE).catch(() => undefined);
    return;
  }
  s.written = true;
  m.materialiseBootstrapPolicy(cluster, s.t0);
}

/** Loads the policy's code if the cluster still holds the policy in reserve; undefined when there is nothing to wait for. */
export function prepareBootstrapPolicy(cluster: Cluster): Promise<void> | undefined {
  if (!reserved(cluster) || cluster.code.loaded(RBAC_POLICY_CODE)) return undefined;
  return cluster.code.load(RBAC_POLICY_CODE).then(() => undefined);
}

const AGGREGATION = deferredController({
  name: 'clusterrole-aggregation-controller',
  part: RBAC_POLICY_CODE,
  triggers: [`clusterroles.${GROUP}`],
  controller: (m, cluster) => m.clusterRoleAggregationController(cluster),
});

/** The RBAC kinds' tables, the bootstrap policy's request hook and the aggregation controller. */
export const RBAC_BOOTSTRAP: Installer = {
  ...AGGREGATION,
  name: 'rbac',
  api: (api) => installRbacTables(api),
  start(cluster) {
    cluster.api.beforeRequests(RBAC_RESOURCES, () => ensureBootstrapPolicy(cluster));
    AGGREGATION.start?.(cluster);
  },
};
