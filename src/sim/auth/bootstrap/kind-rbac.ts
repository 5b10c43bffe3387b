/**
 * The RBAC objects kubeadm and kind add to a kind cluster, with when they appear (ms after the
 * cluster's start): kubeadm's binding of its admin group, the bootstrap-token and node
 * bindings, the kube-system Roles for kubelet-config, kubeadm-config and kube-proxy, the
 * kube-public cluster-info reader, CoreDNS's and kube-proxy's addons; then kind's kindnet and
 * local-path-provisioner roles. kubeadm and kind label or annotate none of them.
 */
import { rule, type PolicyRule } from './rule.ts';
import { group, serviceAccount, user, type BindingSpec } from './subjects.ts';

/** A ClusterRole or namespaced Role of kubeadm or kind. */
export interface KindRole {
  at: number;
  namespace?: string;
  name: string;
  rules: PolicyRule[];
}

/** A ClusterRoleBinding or RoleBinding of kubeadm or kind. */
export interface KindBinding extends BindingSpec {
  at: number;
  namespace?: string;
}

const BOOTSTRAP_TOKENS = group('system:bootstrappers:kubeadm:default-node-token');
const NODES = group('system:nodes');
const configMapReader = (name: string) => [rule([''], ['configmaps'], ['get'], [name])];

export const KIND_ROLES: KindRole[] = [
  { at: 13_000, name: 'kubeadm:get-nodes', rules: [rule([''], ['nodes'], ['get'])] },
  { at: 12_000, namespace: 'kube-system', name: 'kubeadm:nodes-kubeadm-config', rules: configMapReader('kubeadm-config') },
  { at: 12_000, namespace: 'kube-system', name: 'kubeadm:kubelet-config', rules: configMapReader('kubelet-config') },
  { at: 13_000, namespace: 'kube-public', name: 'kubeadm:bootstrap-signer-clusterinfo', rules: configMapReader('cluster-info') },
  {
    at: 15_000,
    name: 'system:coredns',
    rules: [rule([''], ['endpoints', 'services', 'pods', 'namespaces'], ['list', 'watch']), rule(['discovery.k8s.io'], ['endpointslices'], ['list', 'watch'])],
  },
  { at: 15_000, namespace: 'kube-system', name: 'kube-proxy', rules: configMapReader('kube-proxy') },
  {
    at: 16_000,
    name: 'kindnet',
    rules: [
      rule(['policy'], ['podsecuritypolicies'], ['use'], ['kindnet']),
      rule([''], ['nodes', 'pods', 'namespaces'], ['list', 'watch', 'patch']),
      rule(['networking.k8s.io'], ['networkpolicies'], ['list', 'watch']),
    ],
  },
  {
    at: 16_500,
    name: 'local-path-provisioner-role',
    rules: [
      rule([''], ['nodes', 'persistentvolumeclaims', 'configmaps'], ['get', 'list', 'watch']),
      rule([''], ['endpoints', 'persistentvolumes', 'pods'], ['*']),
      rule([''], ['events'], ['create', 'patch']),
      rule(['storage.k8s.io'], ['storageclasses'], ['get', 'list', 'watch']),
    ],
  },
];

export const KIND_BINDINGS: KindBinding[] = [
  { at: 1_000, name: 'kubeadm:cluster-admins', roleName: 'cluster-admin', subjects: [group('kubeadm:cluster-admins')] },
  { at: 12_000, namespace: 'kube-system', name: 'kubeadm:nodes-kubeadm-config', role: true, subjects: [BOOTSTRAP_TOKENS, NODES] },
  { at: 12_000, namespace: 'kube-system', name: 'kubeadm:kubelet-config', role: true, subjects: [NODES, BOOTSTRAP_TOKENS] },
  { at: 13_000, name: 'kubeadm:get-nodes', subjects: [BOOTSTRAP_TOKENS] },
  { at: 13_000, name: 'kubeadm:kubelet-bootstrap', roleName: 'system:node-bootstrapper', subjects: [BOOTSTRAP_TOKENS] },
  {
    at: 13_000,
    name: 'kubeadm:node-autoapprove-bootstrap',
    roleName: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient',
    subjects: [BOOTSTRAP_TOKENS],
  },
  {
    at: 13_000,
    name: 'kubeadm:node-autoapprove-certificate-rotation',
    roleName: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient',
    subjects: [NODES],
  },
  { at: 13_000, namespace: 'kube-public', name: 'kubeadm:bootstrap-signer-clusterinfo', role: true, subjects: [user('system:anonymous')] },
  { at: 15_000, name: 'system:coredns', subjects: [serviceAccount('kube-system', 'coredns')] },
  { at: 15_000, name: 'kubeadm:node-proxier', roleName: 'system:node-proxier', subjects: [serviceAccount('kube-system', 'kube-proxy')] },
  { at: 15_000, namespace: 'kube-system', name: 'kube-proxy', role: true, subjects: [BOOTSTRAP_TOKENS] },
  { at: 16_000, name: 'kindnet', subjects: [serviceAccount('kube-system', 'kindnet')] },
  {
    at: 16_500,
    name: 'local-path-provisioner-bind',
    roleName: 'local-path-provisioner-role',
    subjects: [serviceAccount('local-path-storage', 'local-path-provisioner-service-account')],
  },
];
