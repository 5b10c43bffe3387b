/**
 * The shapes the bootstrap policy is written in: a PolicyRule over API groups and resources
 * (optionally named objects), or over non-resource URLs, with the fields in the order the API
 * server's JSON has them sorted into by kubectl's YAML printer.
 */

/** An rbac.authorization.k8s.io/v1 PolicyRule. */
export interface PolicyRule {
  apiGroups?: string[];
  nonResourceURLs?: string[];
  resourceNames?: string[];
  resources?: string[];
  verbs: string[];
}

/** A rule on `resources` of `groups` ('' is the core group), limited to `names` when given. */
export function rule(groups: string[], resources: string[], verbs: string[], names?: string[]): PolicyRule {
  return names ? { apiGroups: groups, resourceNames: names, resources, verbs } : { apiGroups: groups, resources, verbs };
}

/** A rule on non-resource URLs (`/healthz`). */
export function urls(nonResourceURLs: string[], verbs: string[]): PolicyRule {
  return { nonResourceURLs, verbs };
}

/** The verbs the policy spells out again and again (policy.go's Read, ReadWrite, ReadUpdate). */
export const READ = ['get', 'list', 'watch'];
/** create, patch, update on events of the core and events.k8s.io groups (eventsRule). */
export const EVENTS = rule(['', 'events.k8s.io'], ['events'], ['create', 'patch', 'update']);
