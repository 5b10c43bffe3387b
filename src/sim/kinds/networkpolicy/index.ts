/**
 * NetworkPolicy, all of it: the kind's defaults and validation (kind.ts), the `get netpol`
 * table (table.ts) and the enforcement the network model asks before it delivers a
 * connection (policy.ts, called from network/connect.ts). It has no controller.
 */
import './kind.ts';
import './table.ts';
