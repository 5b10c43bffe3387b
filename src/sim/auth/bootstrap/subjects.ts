/** RBAC subjects and role references as the bootstrap policy and kubeadm write them. */

/** An rbac.authorization.k8s.io/v1 Subject. */
export interface Subject {
  apiGroup?: string;
  kind: 'User' | 'Group' | 'ServiceAccount';
  name: string;
  namespace?: string;
}

const GROUP = 'rbac.authorization.k8s.io';

export const group = (name: string): Subject => ({ apiGroup: GROUP, kind: 'Group', name });
export const user = (name: string): Subject => ({ apiGroup: GROUP, kind: 'User', name });
export const serviceAccount = (namespace: string, name: string): Subject => ({ kind: 'ServiceAccount', name, namespace });

/** A binding as the policy defines it: name, the role it grants (a ClusterRole unless `role`), its subjects. */
export interface BindingSpec {
  name: string;
  /** The role's name (default: the binding's). */
  roleName?: string;
  /** A namespaced Role rather than a ClusterRole. */
  role?: boolean;
  subjects?: Subject[];
}
