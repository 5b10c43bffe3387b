/** The apps kinds whose controllers are installed separately: ReplicaSets, Deployments, ControllerRevisions. */
import type { Installer } from '../../installer.ts';
import { installControllerrevisionAdmission } from './controllerrevision.ts';
import { installDeploymentAdmission } from './deployment.ts';
import { installReplicasetAdmission } from './replicaset.ts';
import { installControllerrevisionTables } from '../tables/controllerrevision.ts';
import { installDeploymentTables } from '../tables/deployment.ts';
import { installReplicasetTables } from '../tables/replicaset.ts';

/** ReplicaSets and Deployments (admission, tables). */
export const APPS_KINDS: Installer = {
  name: 'apps-kinds',
  api(api) {
    installReplicasetAdmission(api);
    installDeploymentAdmission(api);
    installReplicasetTables(api);
    installDeploymentTables(api);
  },
};

/** ControllerRevisions (admission, table): the history StatefulSets and DaemonSets keep. */
export const CONTROLLER_REVISIONS: Installer = {
  name: 'controllerrevisions.apps',
  api(api) {
    installControllerrevisionAdmission(api);
    installControllerrevisionTables(api);
  },
};
