/** The endpoints controller (Endpoints and EndpointSlices of Services). */
import { component, type Installer } from '../../installer.ts';
import { endpointsController } from './endpoints-controller.ts';

/** The endpoints and EndpointSlice controllers. */
export const ENDPOINTS_CONTROLLER: Installer = component('endpoints-controller', (cluster) => cluster.addController(endpointsController(cluster)));
