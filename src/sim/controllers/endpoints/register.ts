/** Registers the endpoints controller (Endpoints and EndpointSlices of Services) with every cluster. */
import { registerComponent } from '../../component-registry.ts';
import { endpointsController } from './endpoints-controller.ts';

registerComponent((cluster) => cluster.addController(endpointsController(cluster)));
