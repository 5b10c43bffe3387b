/**
 * NetworkPolicy: defaults and validation (kind.ts), the `get netpol` table (table.ts) and what a
 * policy allows (policy.ts), loaded when a caller first prepares the kind; the network model
 * (src/sim/network/connect.ts) asks enforcement.ts before each connection.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredKind } from '../../deferred/deferred-kind.ts';
import type { Installer } from '../../installer.ts';

export const CODE = codePart('networkpolicy-kind', () => import('./code.ts'));

/** NetworkPolicies (admission and table; the network model enforces them). */
export const NETWORKPOLICIES: Installer = deferredKind({
  name: 'networkpolicies.networking.k8s.io',
  resources: ['networkpolicies.networking.k8s.io'],
  part: CODE,
  install: (m, api) => m.installNetworkpolicyKind(api),
});
