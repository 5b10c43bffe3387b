/**
 * The DaemonSet kind (admission, table) and its controller, which loads on first use. The kind
 * preset starts with two DaemonSets (kube-proxy, kindnet) whose Pods are already where the
 * controller would put them, so its first sync at start changes nothing, and neither does any
 * later one until something it reads changes: a DaemonSet, a daemon Pod's metadata, spec, phase
 * or readiness, a node's coming, going, labels, taints or schedulability. The first such change
 * loads the controller (cluster time holds meanwhile) and hands it that change, as if it had
 * been running from the start. A daemon's ControllerRevision changing loads it too: the
 * controller does not watch revisions, but from then on it must be there for the next sync.
 */
import { installDaemonsetAdmission } from '../../apiserver/kinds/daemonset.ts';
import { installDaemonsetTables } from '../../apiserver/tables/daemonset.ts';
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { ownerKeys } from '../../runtime/controller.ts';
import { daemonPodShape, nodeShape, Shapes } from './shapes.ts';

const CONTROLLER = codePart('daemonset-controller', () => import('./daemonset-controller.ts'));

/** DaemonSets: the kind and the DaemonSet controller (needs CONTROLLER_REVISIONS). */
export const DAEMONSETS: Installer = deferredController({
  name: 'daemonsets.apps',
  api(api) {
    installDaemonsetAdmission(api);
    installDaemonsetTables(api);
  },
  part: CONTROLLER,
  triggers: ['daemonsets.apps', 'pods', 'nodes', 'controllerrevisions.apps'],
  state: (cluster) => ({
    nodes: new Shapes(nodeShape, cluster.store.list('nodes')),
    pods: new Shapes(daemonPodShape, cluster.store.list('pods').filter((p) => p.metadata.ownerReferences?.some((r) => r.controller && r.kind === 'DaemonSet'))),
  }),
  wakes(e, seen) {
    if (e.resource === 'pods') return ownerKeys(e, 'DaemonSet').length > 0 && (e.type !== 'MODIFIED' || seen.pods.differs(e.object));
    if (e.resource === 'nodes') return e.type !== 'MODIFIED' || seen.nodes.differs(e.object);
    if (e.resource === 'controllerrevisions.apps') return ownerKeys(e, 'DaemonSet').length > 0;
    return true;
  },
  controller: (m, cluster, seen) => m.daemonSetController(cluster, seen.nodes),
});
