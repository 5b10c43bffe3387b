/** The endpoints controller (Endpoints and EndpointSlices of Services) and the EndpointSlice mirroring controller. */
import { component, type Installer } from '../../installer.ts';
import { endpointsController } from './endpoints-controller.ts';
import { mirroringController } from './mirroring-controller.ts';

/** The endpoints and EndpointSlice controllers, then the mirroring controller for Services without a selector. */
export const ENDPOINTS_CONTROLLER: Installer = component('endpoints-controller', (cluster) => {
  cluster.addController(endpointsController(cluster));
  cluster.addController(mirroringController(cluster));
});
