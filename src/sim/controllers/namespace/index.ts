/**
 * The namespace lifecycle controller.
 */
import { component, type Installer } from '../../installer.ts';
import { NamespaceController } from './namespace-controller.ts';

export { NamespaceController } from './namespace-controller.ts';

/** The namespace controller (deletes a Terminating namespace's content, then the namespace). */
export const NAMESPACE_CONTROLLER: Installer = component('namespace-controller', (cluster) => cluster.addController(new NamespaceController(cluster)));
