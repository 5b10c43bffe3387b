/**
 * Registers the namespace lifecycle controller with every cluster.
 */
import { registerComponent } from '../../component-registry.ts';
import { NamespaceController } from './namespace-controller.ts';

export { NamespaceController } from './namespace-controller.ts';

registerComponent((cluster) => cluster.addController(new NamespaceController(cluster)));
