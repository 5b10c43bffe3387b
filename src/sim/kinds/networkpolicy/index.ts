/**
 * NetworkPolicy, all of it: the kind's defaults and validation (kind.ts), the `get netpol`
 * table (table.ts) and the enforcement the network model asks before it delivers a
 * connection (policy.ts, called from network/connect.ts). It has no controller.
 */
import type { Installer } from '../../installer.ts';
import { installNetworkpolicyAdmission } from './kind.ts';
import { installNetworkpolicyTable } from './table.ts';

/** NetworkPolicies (admission and table; the network model enforces them). */
export const NETWORKPOLICIES: Installer = {
  name: 'networkpolicies.networking.k8s.io',
  api(api) {
    installNetworkpolicyAdmission(api);
    installNetworkpolicyTable(api);
  },
};
