/** What the NetworkPolicy part loads: the kind's admission and table, and what a policy allows. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installNetworkpolicyAdmission } from './kind.ts';
import { installNetworkpolicyTable } from './table.ts';

export { connectionAllowed, dnsAllowed } from './policy.ts';

/** NetworkPolicies: admission and table. */
export function installNetworkpolicyKind(api: ApiRegistries): void {
  installNetworkpolicyAdmission(api);
  installNetworkpolicyTable(api);
}
