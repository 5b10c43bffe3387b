/**
 * What loads with the first request that needs the cluster's bootstrap RBAC policy: the policy
 * itself (written into the store by `materialiseBootstrapPolicy`) and the ClusterRole
 * aggregation controller, which ClusterRole changes wake.
 */
export { materialiseBootstrapPolicy } from './materialise.ts';
export { clusterRoleAggregationController } from '../clusterrole-aggregation.ts';
