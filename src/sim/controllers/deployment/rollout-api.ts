/**
 * What kubectl needs from the Deployment machinery (`rollout undo | history | status`), in
 * one place so the simulator's public index can export it with a single line.
 */
export { rolloutHistory, planRollback, applyRollback, ownedReplicaSets } from './rollback.ts';
export type { RolloutRevision, RollbackPlan } from './rollback.ts';
export { deploymentRolloutStatus } from './rollout-status.ts';
export type { RolloutStatus } from './rollout-status.ts';
export { revisionOf, equalIgnoreHash, findNewReplicaSet, findOldReplicaSets } from './replica-sets.ts';
export { computePodTemplateHash, POD_TEMPLATE_HASH_LABEL } from '../shared/pod-template-hash.ts';
