/**
 * The core kinds every cluster serves: admission for Pods, Namespaces, ConfigMaps, Secrets,
 * ServiceAccounts, Services, Nodes, Events, Endpoints, and their server-side tables (Pods, the
 * core kinds, EndpointSlices, PDBs, PriorityClasses, CSRs). Ingresses and the other networking
 * kinds load on first use (kinds/ingress).
 */
import type { Installer } from '../../installer.ts';
import { installClusterCoreAdmission } from './cluster-core.ts';
import { installConfigAdmission } from './config.ts';
import { installNamespacesAdmission } from './namespaces.ts';
import { installPodsAdmission } from './pods.ts';
import { installServicesAdmission } from './services.ts';
import { installCoreTables } from '../tables/core.ts';
import { installDiscoveryTables } from '../tables/discovery.ts';
import { installPodsTables } from '../tables/pods.ts';
import { installPolicyTables } from '../tables/policy.ts';

/** The core API kinds (no controllers). */
export const CORE_KINDS: Installer = {
  name: 'core-kinds',
  api(api) {
    installPodsAdmission(api);
    installNamespacesAdmission(api);
    installConfigAdmission(api);
    installServicesAdmission(api);
    installClusterCoreAdmission(api);
    installPodsTables(api);
    installCoreTables(api);
    installDiscoveryTables(api);
    installPolicyTables(api);
  },
};
