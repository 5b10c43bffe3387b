/**
 * The ClusterRoleBindings kube-apiserver creates at start (bootstrappolicy/policy.go
 * ClusterRoleBindings() and controller_policy.go ControllerRoleBindings()): cluster-admin for
 * system:masters, discovery and self-review for every authenticated user, public-info-viewer
 * for anyone, the control-plane components' and the controllers' own roles.
 */
import { CONTROLLER_ROLES } from './controller-roles.ts';
import { group, serviceAccount, user, type BindingSpec } from './subjects.ts';

export const CLUSTER_ROLE_BINDINGS: BindingSpec[] = [
  { name: 'cluster-admin', subjects: [group('system:masters')] },
  { name: 'system:monitoring', subjects: [group('system:monitoring')] },
  { name: 'system:discovery', subjects: [group('system:authenticated')] },
  { name: 'system:basic-user', subjects: [group('system:authenticated')] },
  { name: 'system:public-info-viewer', subjects: [group('system:authenticated'), group('system:unauthenticated')] },
  { name: 'system:node-proxier', subjects: [user('system:kube-proxy')] },
  { name: 'system:kube-controller-manager', subjects: [user('system:kube-controller-manager')] },
  { name: 'system:kube-dns', subjects: [serviceAccount('kube-system', 'kube-dns')] },
  { name: 'system:kube-scheduler', subjects: [user('system:kube-scheduler')] },
  { name: 'system:volume-scheduler', subjects: [user('system:kube-scheduler')] },
  // Deprecated since the Node authorizer: kept with no subjects.
  { name: 'system:node' },
  { name: 'system:service-account-issuer-discovery', subjects: [group('system:serviceaccounts')] },
];

/** system:controller:NAME -> ServiceAccount kube-system/NAME, one per controller role. */
export const CONTROLLER_ROLE_BINDINGS: BindingSpec[] = CONTROLLER_ROLES.map((r) => ({
  name: `system:controller:${r.name}`,
  subjects: [serviceAccount('kube-system', r.name)],
}));
