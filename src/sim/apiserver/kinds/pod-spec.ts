/**
 * Everything a kind embedding a PodSpec needs (Pods, and the pod templates of Deployments,
 * ReplicaSets, StatefulSets, DaemonSets, Jobs, CronJobs): defaulting, validation, strict
 * decoding and quantity decode checks.
 */
export { defaultPodSpec, defaultPodTemplate, defaultPullPolicy } from './pod-spec-defaults.ts';
export { validatePodSpec } from './pod-spec-validation.ts';
export { podSpecUnknownFields, objectMetaUnknownFields, podSpecDecodeError, sortFieldPaths } from './pod-spec-schema.ts';
