/**
 * The resource registry: which kinds exist, their plural and short names, group, version and
 * scope. kubectl resolves `po`, `deploy`, `deployments.apps`, `deployment.v1.apps` through it,
 * and `kubectl api-resources` prints it.
 */

export interface ResourceType {
  /** Plural, lower case: `pods`. */
  plural: string;
  /** Singular, lower case: `pod`. */
  singular: string;
  kind: string;
  /** `''` for the core group. */
  group: string;
  version: string;
  namespaced: boolean;
  shortNames: string[];
  verbs: string[];
  /** Categories such as `all`. */
  categories?: string[];
  /** Other versions the server also serves the kind in (converted to `version` on the way in). */
  alsoServed?: string[];
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function r(
  plural: string,
  kind: string,
  group: string,
  version: string,
  namespaced: boolean,
  shortNames: string[] = [],
  categories?: string[],
  verbs: string[] = ALL_VERBS,
): ResourceType {
  return { plural, singular: kind.toLowerCase(), kind, group, version, namespaced, shortNames, verbs, categories };
}

/** Every resource type the simulated API server serves, in `kubectl api-resources` order. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  r('bindings', 'Binding', '', 'v1', true, [], undefined, ['create']),
  r('componentstatuses', 'ComponentStatus', '', 'v1', false, ['cs'], undefined, ['get', 'list']),
  r('configmaps', 'ConfigMap', '', 'v1', true, ['cm']),
  r('endpoints', 'Endpoints', '', 'v1', true, ['ep']),
  r('events', 'Event', '', 'v1', true, ['ev']),
  r('limitranges', 'LimitRange', '', 'v1', true, ['limits']),
  r('namespaces', 'Namespace', '', 'v1', false, ['ns'], undefined, ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
  r('nodes', 'Node', '', 'v1', false, ['no']),
  r('persistentvolumeclaims', 'PersistentVolumeClaim', '', 'v1', true, ['pvc']),
  r('persistentvolumes', 'PersistentVolume', '', 'v1', false, ['pv']),
  r('pods', 'Pod', '', 'v1', true, ['po'], ['all']),
  r('podtemplates', 'PodTemplate', '', 'v1', true),
  r('replicationcontrollers', 'ReplicationController', '', 'v1', true, ['rc'], ['all']),
  r('resourcequotas', 'ResourceQuota', '', 'v1', true, ['quota']),
  r('secrets', 'Secret', '', 'v1', true),
  r('serviceaccounts', 'ServiceAccount', '', 'v1', true, ['sa']),
  r('services', 'Service', '', 'v1', true, ['svc'], ['all']),
  r('mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', 'admissionregistration.k8s.io', 'v1', false),
  r('validatingadmissionpolicies', 'ValidatingAdmissionPolicy', 'admissionregistration.k8s.io', 'v1', false),
  r('validatingadmissionpolicybindings', 'ValidatingAdmissionPolicyBinding', 'admissionregistration.k8s.io', 'v1', false),
  r('validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', 'admissionregistration.k8s.io', 'v1', false),
  r('customresourcedefinitions', 'CustomResourceDefinition', 'apiextensions.k8s.io', 'v1', false, ['crd', 'crds']),
  r('apiservices', 'APIService', 'apiregistration.k8s.io', 'v1', false),
  r('controllerrevisions', 'ControllerRevision', 'apps', 'v1', true),
  r('daemonsets', 'DaemonSet', 'apps', 'v1', true, ['ds'], ['all']),
  r('deployments', 'Deployment', 'apps', 'v1', true, ['deploy'], ['all']),
  r('replicasets', 'ReplicaSet', 'apps', 'v1', true, ['rs'], ['all']),
  r('statefulsets', 'StatefulSet', 'apps', 'v1', true, ['sts'], ['all']),
  r('selfsubjectreviews', 'SelfSubjectReview', 'authentication.k8s.io', 'v1', false, [], undefined, ['create']),
  r('tokenreviews', 'TokenReview', 'authentication.k8s.io', 'v1', false, [], undefined, ['create']),
  r('localsubjectaccessreviews', 'LocalSubjectAccessReview', 'authorization.k8s.io', 'v1', true, [], undefined, ['create']),
  r('selfsubjectaccessreviews', 'SelfSubjectAccessReview', 'authorization.k8s.io', 'v1', false, [], undefined, ['create']),
  r('selfsubjectrulesreviews', 'SelfSubjectRulesReview', 'authorization.k8s.io', 'v1', false, [], undefined, ['create']),
  r('subjectaccessreviews', 'SubjectAccessReview', 'authorization.k8s.io', 'v1', false, [], undefined, ['create']),
  { ...r('horizontalpodautoscalers', 'HorizontalPodAutoscaler', 'autoscaling', 'v2', true, ['hpa'], ['all']), alsoServed: ['v1'] },
  r('cronjobs', 'CronJob', 'batch', 'v1', true, ['cj'], ['all']),
  r('jobs', 'Job', 'batch', 'v1', true, [], ['all']),
  r('certificatesigningrequests', 'CertificateSigningRequest', 'certificates.k8s.io', 'v1', false, ['csr']),
  r('leases', 'Lease', 'coordination.k8s.io', 'v1', true),
  r('endpointslices', 'EndpointSlice', 'discovery.k8s.io', 'v1', true),
  r('events', 'Event', 'events.k8s.io', 'v1', true, ['ev']),
  r('flowschemas', 'FlowSchema', 'flowcontrol.apiserver.k8s.io', 'v1', false),
  r('prioritylevelconfigurations', 'PriorityLevelConfiguration', 'flowcontrol.apiserver.k8s.io', 'v1', false),
  r('ingressclasses', 'IngressClass', 'networking.k8s.io', 'v1', false),
  r('ingresses', 'Ingress', 'networking.k8s.io', 'v1', true, ['ing']),
  r('networkpolicies', 'NetworkPolicy', 'networking.k8s.io', 'v1', true, ['netpol']),
  r('runtimeclasses', 'RuntimeClass', 'node.k8s.io', 'v1', false),
  r('poddisruptionbudgets', 'PodDisruptionBudget', 'policy', 'v1', true, ['pdb']),
  r('clusterrolebindings', 'ClusterRoleBinding', 'rbac.authorization.k8s.io', 'v1', false),
  r('clusterroles', 'ClusterRole', 'rbac.authorization.k8s.io', 'v1', false),
  r('rolebindings', 'RoleBinding', 'rbac.authorization.k8s.io', 'v1', true),
  r('roles', 'Role', 'rbac.authorization.k8s.io', 'v1', true),
  r('priorityclasses', 'PriorityClass', 'scheduling.k8s.io', 'v1', false, ['pc']),
  r('csidrivers', 'CSIDriver', 'storage.k8s.io', 'v1', false),
  r('csinodes', 'CSINode', 'storage.k8s.io', 'v1', false),
  r('csistoragecapacities', 'CSIStorageCapacity', 'storage.k8s.io', 'v1', true),
  r('storageclasses', 'StorageClass', 'storage.k8s.io', 'v1', false, ['sc']),
  r('volumeattachments', 'VolumeAttachment', 'storage.k8s.io', 'v1', false),
];

/** `pods`, `deployments.apps`: the key the store and errors use. */
export function resourceKey(t: ResourceType): string {
  return t.group ? `${t.plural}.${t.group}` : t.plural;
}

/** `v1`, `apps/v1`. */
export function apiVersionOf(t: ResourceType): string {
  return t.group ? `${t.group}/${t.version}` : t.version;
}

const byKey = new Map<string, ResourceType>();
const byGvk = new Map<string, ResourceType>();
for (const t of RESOURCE_TYPES) {
  // The core `events` wins over events.k8s.io for the bare name, as kubectl resolves it.
  if (!byKey.has(resourceKey(t))) byKey.set(resourceKey(t), t);
  byGvk.set(`${apiVersionOf(t)}/${t.kind}`, t);
  for (const v of t.alsoServed ?? []) byGvk.set(`${t.group}/${v}/${t.kind}`, t);
}

/** Looks up a type by its store key (`pods`, `deployments.apps`). */
export function typeByKey(key: string): ResourceType | undefined {
  return byKey.get(key);
}

/** Looks up a type by apiVersion and kind, as a manifest names it. */
export function typeByGvk(apiVersion: string, kind: string): ResourceType | undefined {
  return byGvk.get(`${apiVersion}/${kind}`);
}

/** Whether any version of `kind` exists (for "no matches for kind X in version Y" errors). */
export function kindExists(kind: string): boolean {
  return RESOURCE_TYPES.some((t) => t.kind === kind);
}

/**
 * Resolves what a user types for a resource type: plural, singular, short name, kind
 * (case-insensitive), `plural.group`, `singular.group` or `plural.version.group`.
 * Returns undefined for unknown names (kubectl: `the server doesn't have a resource type "x"`).
 */
export function resolveResourceType(input: string): ResourceType | undefined {
  const s = input.toLowerCase();
  const dot = s.indexOf('.');
  if (dot < 0) {
    return (
      RESOURCE_TYPES.find((t) => t.plural === s) ??
      RESOURCE_TYPES.find((t) => t.singular === s) ??
      RESOURCE_TYPES.find((t) => t.shortNames.includes(s))
    );
  }
  const name = s.slice(0, dot);
  let rest = s.slice(dot + 1);
  // The short name expands too (`hpa.v1.autoscaling`, `deploy.apps`), as kubectl's shortcut expander does.
  const candidates = RESOURCE_TYPES.filter((t) => t.plural === name || t.singular === name || t.shortNames.includes(name));
  const exact = candidates.find((t) => t.group === rest);
  if (exact) return exact;
  // plural.version.group, e.g. deployment.v1.apps
  const vdot = rest.indexOf('.');
  if (vdot > 0) {
    const version = rest.slice(0, vdot);
    rest = rest.slice(vdot + 1);
    return candidates.find((t) => (t.version === version || t.alsoServed?.includes(version)) && t.group === rest);
  }
  // plural.version for core types, e.g. pods.v1
  return candidates.find((t) => t.group === '' && t.version === rest);
}

/**
 * The version a fully qualified type names (`hpa.v1.autoscaling` -> `v1`, `pods.v1` -> `v1`),
 * or undefined when the input names none (`hpa`, `deployments.apps`).
 */
export function requestedVersion(input: string): string | undefined {
  const parts = input.toLowerCase().split('.');
  const t = parts.length > 1 ? resolveResourceType(input) : undefined;
  if (!t || parts.slice(1).join('.') === t.group) return undefined;
  return parts[1];
}
