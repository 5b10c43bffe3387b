/**
 * The ClusterRoles of kube-controller-manager's controllers (bootstrappolicy/controller_policy.go,
 * testdata controller-roles.yaml): `system:controller:NAME`, each bound to the ServiceAccount
 * kube-system/NAME the controller runs as. Only the controllers a 1.32 cluster runs with its
 * default feature gates (no dynamic resource allocation, no SELinux warning controller).
 */
import { EVENTS, READ, rule } from './rule.ts';
import type { RoleSpec } from './cluster-roles.ts';

const APPS = ['apps', 'extensions'];

/** The controllers, in the policy's (alphabetical) order. */
export const CONTROLLER_ROLES: RoleSpec[] = [
  {
    name: 'attachdetach-controller',
    rules: [
      rule([''], ['persistentvolumeclaims', 'persistentvolumes'], ['list', 'watch']),
      rule([''], ['nodes'], READ),
      rule([''], ['nodes/status'], ['patch', 'update']),
      rule([''], ['pods'], ['list', 'watch']),
      EVENTS,
      rule(['storage.k8s.io'], ['volumeattachments'], ['create', 'delete', 'get', 'list', 'watch']),
      rule(['storage.k8s.io'], ['csidrivers'], READ),
      rule(['storage.k8s.io'], ['csinodes'], READ),
    ],
  },
  {
    name: 'certificate-controller',
    rules: [
      rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['delete', 'get', 'list', 'watch']),
      rule(['certificates.k8s.io'], ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], ['update']),
      rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/kube-apiserver-client-kubelet']),
      rule(
        ['certificates.k8s.io'],
        ['signers'],
        ['sign'],
        ['kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/legacy-unknown'],
      ),
      rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
      EVENTS,
    ],
  },
  {
    name: 'clusterrole-aggregation-controller',
    rules: [rule(['rbac.authorization.k8s.io'], ['clusterroles'], ['escalate', 'get', 'list', 'patch', 'update', 'watch'])],
  },
  {
    name: 'cronjob-controller',
    rules: [
      rule(['batch'], ['cronjobs'], ['get', 'list', 'update', 'watch']),
      rule(['batch'], ['jobs'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
      rule(['batch'], ['cronjobs/status'], ['update']),
      rule(['batch'], ['cronjobs/finalizers'], ['update']),
      rule([''], ['pods'], ['delete', 'list', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'daemon-set-controller',
    rules: [
      rule(APPS, ['daemonsets'], READ),
      rule(APPS, ['daemonsets/status'], ['update']),
      rule(APPS, ['daemonsets/finalizers'], ['update']),
      rule([''], ['nodes'], ['list', 'watch']),
      rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
      rule([''], ['pods/binding'], ['create']),
      rule(['apps'], ['controllerrevisions'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'deployment-controller',
    rules: [
      rule(APPS, ['deployments'], ['get', 'list', 'update', 'watch']),
      rule(APPS, ['deployments/status'], ['update']),
      rule(APPS, ['deployments/finalizers'], ['update']),
      rule(APPS, ['replicasets'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
      rule([''], ['pods'], ['get', 'list', 'update', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'disruption-controller',
    rules: [
      rule(APPS, ['deployments'], READ),
      rule(APPS, ['replicasets'], READ),
      rule([''], ['replicationcontrollers'], READ),
      rule(['policy'], ['poddisruptionbudgets'], READ),
      rule(['apps'], ['statefulsets'], READ),
      rule(['policy'], ['poddisruptionbudgets/status'], ['update']),
      rule([''], ['pods/status'], ['patch', 'update']),
      rule(['*'], ['*/scale'], ['get']),
      EVENTS,
    ],
  },
  {
    name: 'endpoint-controller',
    rules: [
      rule([''], ['pods', 'services'], READ),
      rule([''], ['endpoints'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
      rule([''], ['endpoints/restricted'], ['create']),
      EVENTS,
    ],
  },
  {
    name: 'endpointslice-controller',
    rules: [
      rule([''], ['nodes', 'pods', 'services'], READ),
      rule([''], ['services/finalizers'], ['update']),
      rule(['discovery.k8s.io'], ['endpointslices'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'endpointslicemirroring-controller',
    rules: [
      rule([''], ['endpoints', 'services'], READ),
      rule([''], ['services/finalizers'], ['update']),
      rule([''], ['endpoints/finalizers'], ['update']),
      rule(['discovery.k8s.io'], ['endpointslices'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'ephemeral-volume-controller',
    rules: [
      rule([''], ['pods'], READ),
      rule([''], ['pods/finalizers'], ['update']),
      rule([''], ['persistentvolumeclaims'], ['create', 'get', 'list', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'expand-controller',
    rules: [
      rule([''], ['persistentvolumes'], ['get', 'list', 'patch', 'update', 'watch']),
      rule([''], ['persistentvolumeclaims/status'], ['patch', 'update']),
      rule([''], ['persistentvolumeclaims'], READ),
      EVENTS,
    ],
  },
  { name: 'generic-garbage-collector', rules: [rule(['*'], ['*'], ['delete', 'get', 'list', 'patch', 'update', 'watch']), EVENTS] },
  {
    name: 'horizontal-pod-autoscaler',
    rules: [
      rule(['autoscaling'], ['horizontalpodautoscalers'], READ),
      rule(['autoscaling'], ['horizontalpodautoscalers/status'], ['update']),
      rule(['*'], ['*/scale'], ['get', 'update']),
      rule([''], ['pods'], ['list', 'watch']),
      rule(['metrics.k8s.io'], ['pods'], ['list', 'watch']),
      rule(['custom.metrics.k8s.io'], ['*'], READ),
      rule(['external.metrics.k8s.io'], ['*'], READ),
      EVENTS,
    ],
  },
  {
    name: 'job-controller',
    rules: [
      rule(['batch'], ['jobs'], ['get', 'list', 'patch', 'update', 'watch']),
      rule(['batch'], ['jobs/status'], ['update']),
      rule(['batch'], ['jobs/finalizers'], ['update']),
      rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'legacy-service-account-token-cleaner',
    rules: [rule([''], ['configmaps'], ['get'], ['kube-apiserver-legacy-service-account-token-tracking']), rule([''], ['secrets'], ['delete', 'patch'])],
  },
  {
    name: 'namespace-controller',
    rules: [
      rule([''], ['namespaces'], ['delete', 'get', 'list', 'watch']),
      rule([''], ['namespaces/finalize', 'namespaces/status'], ['update']),
      rule(['*'], ['*'], ['delete', 'deletecollection', 'get', 'list', 'watch']),
    ],
  },
  {
    name: 'node-controller',
    rules: [
      rule([''], ['nodes'], ['delete', 'get', 'list', 'patch', 'update', 'watch']),
      rule([''], ['nodes/status'], ['patch', 'update']),
      rule([''], ['pods/status'], ['patch', 'update']),
      rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'persistent-volume-binder',
    rules: [
      rule([''], ['persistentvolumes'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
      rule([''], ['persistentvolumes/status'], ['update']),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
      rule([''], ['persistentvolumeclaims/status'], ['update']),
      rule([''], ['pods'], ['create', 'delete', 'get', 'list', 'watch']),
      rule(['storage.k8s.io'], ['storageclasses'], READ),
      rule([''], ['nodes'], ['list', 'watch']),
      EVENTS,
      rule([''], ['events'], ['watch']),
    ],
  },
  {
    name: 'pod-garbage-collector',
    rules: [rule([''], ['pods'], ['delete', 'list', 'watch']), rule([''], ['nodes'], READ), rule([''], ['pods/status'], ['patch'])],
  },
  { name: 'pv-protection-controller', rules: [rule([''], ['persistentvolumes'], ['get', 'list', 'update', 'watch']), EVENTS] },
  {
    name: 'pvc-protection-controller',
    rules: [
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
      rule([''], ['persistentvolumeclaims/status'], ['update']),
      rule([''], ['pods'], READ),
      EVENTS,
    ],
  },
  {
    name: 'replicaset-controller',
    rules: [
      rule(APPS, ['replicasets'], ['get', 'list', 'update', 'watch']),
      rule(APPS, ['replicasets/status'], ['update']),
      rule(APPS, ['replicasets/finalizers'], ['update']),
      rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
      EVENTS,
    ],
  },
  {
    name: 'replication-controller',
    rules: [
      rule([''], ['replicationcontrollers'], ['get', 'list', 'update', 'watch']),
      rule([''], ['replicationcontrollers/status'], ['update']),
      rule([''], ['replicationcontrollers/finalizers'], ['update']),
      rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
      EVENTS,
    ],
  },
  { name: 'resourcequota-controller', rules: [rule(['*'], ['*'], ['list', 'watch']), rule([''], ['resourcequotas/status'], ['update']), EVENTS] },
  { name: 'root-ca-cert-publisher', rules: [rule([''], ['configmaps'], ['create', 'update']), EVENTS] },
  { name: 'route-controller', rules: [rule([''], ['nodes'], ['list', 'watch']), rule([''], ['nodes/status'], ['patch']), EVENTS] },
  { name: 'service-account-controller', rules: [rule([''], ['serviceaccounts'], ['create']), EVENTS] },
  {
    name: 'service-cidrs-controller',
    rules: [
      rule(['networking.k8s.io'], ['servicecidrs'], ['get', 'list', 'patch', 'update', 'watch']),
      rule(['networking.k8s.io'], ['servicecidrs/finalizers'], ['patch', 'update']),
      rule(['networking.k8s.io'], ['servicecidrs/status'], ['patch', 'update']),
      rule(['networking.k8s.io'], ['ipaddresses'], READ),
      EVENTS,
    ],
  },
  {
    name: 'service-controller',
    rules: [rule([''], ['services'], READ), rule([''], ['services/status'], ['patch', 'update']), rule([''], ['nodes'], ['list', 'watch']), EVENTS],
  },
  {
    name: 'statefulset-controller',
    rules: [
      rule([''], ['pods'], ['list', 'watch']),
      rule(['apps'], ['statefulsets'], READ),
      rule(['apps'], ['statefulsets/status'], ['update']),
      rule(['apps'], ['statefulsets/finalizers'], ['update']),
      rule([''], ['pods'], ['create', 'delete', 'get', 'patch', 'update']),
      rule(['apps'], ['controllerrevisions'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
      rule([''], ['persistentvolumeclaims'], ['create', 'get', 'list', 'watch']),
      rule([''], ['persistentvolumeclaims'], ['delete', 'update']),
      rule([''], ['pods/finalizers'], ['update']),
      EVENTS,
    ],
  },
  { name: 'ttl-after-finished-controller', rules: [rule(['batch'], ['jobs'], ['delete', 'get', 'list', 'watch']), EVENTS] },
  { name: 'ttl-controller', rules: [rule([''], ['nodes'], ['list', 'patch', 'update', 'watch']), EVENTS] },
  {
    name: 'validatingadmissionpolicy-status-controller',
    rules: [
      rule(['admissionregistration.k8s.io'], ['validatingadmissionpolicies'], READ),
      rule(['admissionregistration.k8s.io'], ['validatingadmissionpolicies/status'], ['get', 'patch', 'update']),
      EVENTS,
    ],
  },
];
