/** What the NetworkPolicy part loads: the kind's admission and table (the network model's policy reading stays with the network). */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installNetworkpolicyAdmission } from './kind.ts';
import { installNetworkpolicyTable } from './table.ts';

/** NetworkPolicies: admission and table. */
export function installNetworkpolicyKind(api: ApiRegistries): void {
  installNetworkpolicyAdmission(api);
  installNetworkpolicyTable(api);
}
