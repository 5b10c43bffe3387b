/**
 * The ClusterRoles kube-apiserver creates at start (bootstrappolicy/policy.go ClusterRoles(),
 * as its testdata cluster-roles.yaml lists them), in that order: the user-facing roles
 * (cluster-admin, and admin/edit/view, which aggregate the system:aggregate-to-* roles), the
 * discovery and self-review roles every user is bound to, and the roles of the control-plane
 * components and nodes.
 */
import { EVENTS, READ, rule, urls, type PolicyRule } from './rule.ts';

/** One role as the policy defines it: name, extra labels, rules, and the aggregation selector label if any. */
export interface RoleSpec {
  name: string;
  /** Labels besides kubernetes.io/bootstrapping. */
  labels?: Record<string, string>;
  /** The label an aggregated role selects (`rbac.authorization.k8s.io/aggregate-to-view`). */
  aggregates?: string;
  rules?: PolicyRule[];
}

const AGG = 'rbac.authorization.k8s.io/aggregate-to-';
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export const CLUSTER_ROLES: RoleSpec[] = [
  { name: 'admin', aggregates: `${AGG}admin` },
  { name: 'cluster-admin', rules: [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])] },
  { name: 'edit', labels: { [`${AGG}admin`]: 'true' }, aggregates: `${AGG}edit` },
  {
    name: 'system:aggregate-to-admin',
    labels: { [`${AGG}admin`]: 'true' },
    rules: [rule(['authorization.k8s.io'], ['localsubjectaccessreviews'], ['create']), rule(['rbac.authorization.k8s.io'], ['rolebindings', 'roles'], ALL)],
  },
  {
    name: 'system:aggregate-to-edit',
    labels: { [`${AGG}edit`]: 'true' },
    rules: [
      rule([''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
      rule([''], ['serviceaccounts'], ['impersonate']),
      rule([''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
      rule([''], ['pods/eviction'], ['create']),
      rule(
        [''],
        [
          'configmaps',
          'events',
          'persistentvolumeclaims',
          'replicationcontrollers',
          'replicationcontrollers/scale',
          'secrets',
          'serviceaccounts',
          'services',
          'services/proxy',
        ],
        WRITE,
      ),
      rule([''], ['serviceaccounts/token'], ['create']),
      rule(
        ['apps'],
        ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'],
        WRITE,
      ),
      rule(['autoscaling'], ['horizontalpodautoscalers'], WRITE),
      rule(['batch'], ['cronjobs', 'jobs'], WRITE),
      rule(
        ['extensions'],
        [
          'daemonsets',
          'deployments',
          'deployments/rollback',
          'deployments/scale',
          'ingresses',
          'networkpolicies',
          'replicasets',
          'replicasets/scale',
          'replicationcontrollers/scale',
        ],
        WRITE,
      ),
      rule(['policy'], ['poddisruptionbudgets'], WRITE),
      rule(['networking.k8s.io'], ['ingresses', 'networkpolicies'], WRITE),
      rule(['coordination.k8s.io'], ['leases'], ALL),
    ],
  },
  {
    name: 'system:aggregate-to-view',
    labels: { [`${AGG}view`]: 'true' },
    rules: [
      rule(
        [''],
        [
          'configmaps',
          'endpoints',
          'persistentvolumeclaims',
          'persistentvolumeclaims/status',
          'pods',
          'replicationcontrollers',
          'replicationcontrollers/scale',
          'serviceaccounts',
          'services',
          'services/status',
        ],
        READ,
      ),
      rule(
        [''],
        [
          'bindings',
          'events',
          'limitranges',
          'namespaces/status',
          'pods/log',
          'pods/status',
          'replicationcontrollers/status',
          'resourcequotas',
          'resourcequotas/status',
        ],
        READ,
      ),
      rule([''], ['namespaces'], READ),
      rule(['discovery.k8s.io'], ['endpointslices'], READ),
      rule(
        ['apps'],
        [
          'controllerrevisions',
          'daemonsets',
          'daemonsets/status',
          'deployments',
          'deployments/scale',
          'deployments/status',
          'replicasets',
          'replicasets/scale',
          'replicasets/status',
          'statefulsets',
          'statefulsets/scale',
          'statefulsets/status',
        ],
        READ,
      ),
      rule(['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
      rule(['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
      rule(
        ['extensions'],
        [
          'daemonsets',
          'daemonsets/status',
          'deployments',
          'deployments/scale',
          'deployments/status',
          'ingresses',
          'ingresses/status',
          'networkpolicies',
          'replicasets',
          'replicasets/scale',
          'replicasets/status',
          'replicationcontrollers/scale',
        ],
        READ,
      ),
      rule(['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
      rule(['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
    ],
  },
  {
    name: 'system:auth-delegator',
    rules: [rule(['authentication.k8s.io'], ['tokenreviews'], ['create']), rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create'])],
  },
  {
    name: 'system:basic-user',
    rules: [
      rule(['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], ['create']),
      rule(['authentication.k8s.io'], ['selfsubjectreviews'], ['create']),
    ],
  },
  {
    name: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient',
    rules: [rule(['certificates.k8s.io'], ['certificatesigningrequests/nodeclient'], ['create'])],
  },
  {
    name: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient',
    rules: [rule(['certificates.k8s.io'], ['certificatesigningrequests/selfnodeclient'], ['create'])],
  },
  {
    name: 'system:certificates.k8s.io:kube-apiserver-client-approver',
    rules: [rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/kube-apiserver-client'])],
  },
  {
    name: 'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver',
    rules: [rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/kube-apiserver-client-kubelet'])],
  },
  {
    name: 'system:certificates.k8s.io:kubelet-serving-approver',
    rules: [rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/kubelet-serving'])],
  },
  {
    name: 'system:certificates.k8s.io:legacy-unknown-approver',
    rules: [rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/legacy-unknown'])],
  },
  {
    name: 'system:discovery',
    rules: [urls(['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], ['get'])],
  },
  { name: 'system:heapster', rules: [rule([''], ['events', 'namespaces', 'nodes', 'pods'], READ), rule(['extensions'], ['deployments'], READ)] },
  { name: 'system:kube-aggregator', rules: [rule([''], ['endpoints', 'services'], READ)] },
  {
    name: 'system:kube-controller-manager',
    rules: [
      EVENTS,
      rule(['coordination.k8s.io'], ['leases'], ['create']),
      rule(['coordination.k8s.io'], ['leases'], ['get', 'update'], ['kube-controller-manager']),
      rule([''], ['secrets', 'serviceaccounts'], ['create']),
      rule([''], ['secrets'], ['delete']),
      rule([''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts'], ['get']),
      rule([''], ['secrets', 'serviceaccounts'], ['update']),
      rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
      rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
      rule(['*'], ['*'], ['list', 'watch']),
      rule([''], ['serviceaccounts/token'], ['create']),
    ],
  },
  { name: 'system:kube-dns', rules: [rule([''], ['endpoints', 'services'], ['list', 'watch'])] },
  {
    name: 'system:kube-scheduler',
    rules: [
      EVENTS,
      rule(['coordination.k8s.io'], ['leases'], ['create']),
      rule(['coordination.k8s.io'], ['leases'], ['get', 'update'], ['kube-scheduler']),
      rule([''], ['nodes'], READ),
      rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
      rule([''], ['bindings', 'pods/binding'], ['create']),
      rule([''], ['pods/status'], ['patch', 'update']),
      rule([''], ['replicationcontrollers', 'services'], READ),
      rule(['apps', 'extensions'], ['replicasets'], READ),
      rule(['apps'], ['statefulsets'], READ),
      rule(['policy'], ['poddisruptionbudgets'], READ),
      rule([''], ['persistentvolumeclaims', 'persistentvolumes'], READ),
      rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
      rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
      rule(['storage.k8s.io'], ['csinodes'], READ),
      rule([''], ['namespaces'], READ),
      rule(['storage.k8s.io'], ['csidrivers'], READ),
      rule(['storage.k8s.io'], ['csistoragecapacities'], READ),
    ],
  },
  {
    name: 'system:kubelet-api-admin',
    rules: [rule([''], ['nodes'], READ), rule([''], ['nodes'], ['proxy']), rule([''], ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats'], ['*'])],
  },
  { name: 'system:monitoring', rules: [urls(['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*'], ['get'])] },
  {
    name: 'system:node',
    rules: [
      rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
      rule(['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews'], ['create']),
      rule([''], ['services'], READ),
      rule([''], ['nodes'], ['create', 'get', 'list', 'watch']),
      rule([''], ['nodes/status'], ['patch', 'update']),
      rule([''], ['nodes'], ['patch', 'update']),
      rule([''], ['events'], ['create', 'patch', 'update']),
      rule([''], ['pods'], READ),
      rule([''], ['pods'], ['create', 'delete']),
      rule([''], ['pods/status'], ['patch', 'update']),
      rule([''], ['pods/eviction'], ['create']),
      rule([''], ['configmaps', 'secrets'], READ),
      rule([''], ['persistentvolumeclaims', 'persistentvolumes'], ['get']),
      rule([''], ['endpoints'], ['get']),
      rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch']),
      rule(['coordination.k8s.io'], ['leases'], ['create', 'delete', 'get', 'patch', 'update']),
      rule(['storage.k8s.io'], ['volumeattachments'], ['get']),
      rule([''], ['serviceaccounts/token'], ['create']),
      rule([''], ['persistentvolumeclaims/status'], ['get', 'patch', 'update']),
      rule(['storage.k8s.io'], ['csidrivers'], READ),
      rule(['storage.k8s.io'], ['csinodes'], ['create', 'delete', 'get', 'patch', 'update']),
      rule(['node.k8s.io'], ['runtimeclasses'], READ),
    ],
  },
  { name: 'system:node-bootstrapper', rules: [rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch'])] },
  { name: 'system:node-problem-detector', rules: [rule([''], ['nodes'], ['get']), rule([''], ['nodes/status'], ['patch']), EVENTS] },
  {
    name: 'system:node-proxier',
    rules: [
      rule([''], ['endpoints', 'services'], ['list', 'watch']),
      rule([''], ['nodes'], READ),
      EVENTS,
      rule(['discovery.k8s.io'], ['endpointslices'], ['list', 'watch']),
    ],
  },
  {
    name: 'system:persistent-volume-provisioner',
    rules: [
      rule([''], ['persistentvolumes'], ['create', 'delete', 'get', 'list', 'watch']),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
      rule(['storage.k8s.io'], ['storageclasses'], READ),
      rule([''], ['events'], ['watch']),
      EVENTS,
    ],
  },
  { name: 'system:public-info-viewer', rules: [urls(['/healthz', '/livez', '/readyz', '/version', '/version/'], ['get'])] },
  { name: 'system:service-account-issuer-discovery', rules: [urls(['/.well-known/openid-configuration', '/openid/v1/jwks'], ['get'])] },
  {
    name: 'system:volume-scheduler',
    rules: [
      rule([''], ['persistentvolumes'], ['get', 'list', 'patch', 'update', 'watch']),
      rule(['storage.k8s.io'], ['storageclasses'], READ),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'patch', 'update', 'watch']),
    ],
  },
  { name: 'view', labels: { [`${AGG}edit`]: 'true' }, aggregates: `${AGG}view` },
];
