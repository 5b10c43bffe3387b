/**
 * The Roles and RoleBindings kube-apiserver creates in kube-system and kube-public
 * (bootstrappolicy/namespace_policy.go, testdata namespace-roles.yaml and
 * namespace-role-bindings.yaml): leader election of the controller manager and scheduler, the
 * reader of extension-apiserver-authentication, the bootstrap signer, token cleaner and cloud
 * provider.
 */
import { EVENTS, READ, rule } from './rule.ts';
import type { RoleSpec } from './cluster-roles.ts';
import { serviceAccount, user, type BindingSpec } from './subjects.ts';

const LEADER_VERBS = ['create', 'get', 'list', 'update', 'watch'];
const LEADER_RULES = [rule(['coordination.k8s.io'], ['leases'], LEADER_VERBS), rule(['coordination.k8s.io'], ['leasecandidates'], LEADER_VERBS)];

/** Roles by namespace. */
export const NAMESPACE_ROLES: Record<string, RoleSpec[]> = {
  'kube-public': [
    {
      name: 'system:controller:bootstrap-signer',
      rules: [rule([''], ['configmaps'], READ), rule([''], ['configmaps'], ['update'], ['cluster-info']), EVENTS],
    },
  ],
  'kube-system': [
    { name: 'extension-apiserver-authentication-reader', rules: [rule([''], ['configmaps'], READ, ['extension-apiserver-authentication'])] },
    { name: 'system::leader-locking-kube-controller-manager', rules: LEADER_RULES },
    { name: 'system::leader-locking-kube-scheduler', rules: LEADER_RULES },
    { name: 'system:controller:bootstrap-signer', rules: [rule([''], ['secrets'], READ)] },
    { name: 'system:controller:cloud-provider', rules: [rule([''], ['configmaps'], ['create', 'get', 'list', 'watch'])] },
    { name: 'system:controller:token-cleaner', rules: [rule([''], ['secrets'], ['delete', 'get', 'list', 'watch']), EVENTS] },
  ],
};

/** RoleBindings by namespace. */
export const NAMESPACE_ROLE_BINDINGS: Record<string, BindingSpec[]> = {
  'kube-public': [{ name: 'system:controller:bootstrap-signer', role: true, subjects: [serviceAccount('kube-system', 'bootstrap-signer')] }],
  'kube-system': [
    {
      name: 'system::extension-apiserver-authentication-reader',
      roleName: 'extension-apiserver-authentication-reader',
      role: true,
      subjects: [user('system:kube-controller-manager'), user('system:kube-scheduler')],
    },
    {
      name: 'system::leader-locking-kube-controller-manager',
      role: true,
      subjects: [
        user('system:kube-controller-manager'),
        serviceAccount('kube-system', 'kube-controller-manager'),
        serviceAccount('kube-system', 'leader-election-controller'),
      ],
    },
    { name: 'system::leader-locking-kube-scheduler', role: true, subjects: [user('system:kube-scheduler'), serviceAccount('kube-system', 'kube-scheduler')] },
    { name: 'system:controller:bootstrap-signer', role: true, subjects: [serviceAccount('kube-system', 'bootstrap-signer')] },
    { name: 'system:controller:cloud-provider', role: true, subjects: [serviceAccount('kube-system', 'cloud-provider')] },
    { name: 'system:controller:token-cleaner', role: true, subjects: [serviceAccount('kube-system', 'token-cleaner')] },
  ],
};
