/** The DaemonSet kind (admission, table) and its controller. */
import { installDaemonsetAdmission } from '../../apiserver/kinds/daemonset.ts';
import { installDaemonsetTables } from '../../apiserver/tables/daemonset.ts';
import type { Installer } from '../../installer.ts';
import { daemonSetController } from './daemonset-controller.ts';

/** DaemonSets: the kind and the DaemonSet controller (needs CONTROLLER_REVISIONS). */
export const DAEMONSETS: Installer = {
  name: 'daemonsets.apps',
  api(api) {
    installDaemonsetAdmission(api);
    installDaemonsetTables(api);
  },
  start: (cluster) => cluster.addController(daemonSetController(cluster)),
};
