/**
 * Tables of the RBAC kinds (printers.go printRole, printClusterRole, printRoleBinding,
 * printClusterRoleBinding): Roles and ClusterRoles as NAME, CREATED AT (RFC 3339); bindings as
 * NAME, ROLE (`Kind/name`), AGE, and with `-o wide` USERS, GROUPS, SERVICEACCOUNTS
 * (`namespace:name`), each joined with ", " (rbac.SubjectsStrings).
 */
import type { KubeObject } from '../../api/types.ts';
import type { ApiRegistries } from '../registries.ts';
import { age, type TableConverter } from './table.ts';

const GROUP = 'rbac.authorization.k8s.io';

const ROLE_TABLE: TableConverter = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Created At', priority: 0 },
  ],
  row: (o) => [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''],
};

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

/** Users, groups and service accounts of a binding, in the order its subjects list them. */
export function subjectsStrings(binding: KubeObject): [string[], string[], string[]] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of (binding.subjects ?? []) as Subject[]) {
    if (s.kind === 'User') users.push(s.name ?? '');
    else if (s.kind === 'Group') groups.push(s.name ?? '');
    else if (s.kind === 'ServiceAccount') sas.push(`${s.namespace ?? ''}:${s.name ?? ''}`);
  }
  return [users, groups, sas];
}

const BINDING_TABLE: TableConverter = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Role', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'Users', priority: 1 },
    { name: 'Groups', priority: 1 },
    { name: 'ServiceAccounts', priority: 1 },
  ],
  row: (o, now) => {
    const [users, groups, sas] = subjectsStrings(o);
    const ref = (o.roleRef ?? {}) as { kind?: string; name?: string };
    return [o.metadata.name ?? '', `${ref.kind ?? ''}/${ref.name ?? ''}`, age(o, now), users.join(', '), groups.join(', '), sas.join(', ')];
  },
};

/** Installs the four RBAC tables into an API server. */
export function installRbacTables(api: ApiRegistries): void {
  api.tables.register(`roles.${GROUP}`, ROLE_TABLE);
  api.tables.register(`clusterroles.${GROUP}`, ROLE_TABLE);
  api.tables.register(`rolebindings.${GROUP}`, BINDING_TABLE);
  api.tables.register(`clusterrolebindings.${GROUP}`, BINDING_TABLE);
}
