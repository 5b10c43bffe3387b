/** The endpoints controller (Endpoints and EndpointSlices of Services) and the EndpointSlice mirroring controller. */
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import { component, type Installer } from '../../installer.ts';
import { endpointsController } from './endpoints-controller.ts';
import { needsMirroring } from './mirroring-trigger.ts';

/** The endpoints and EndpointSlice controllers. */
export const ENDPOINTS_CONTROLLER: Installer = component('endpoints-controller', (cluster) => cluster.addController(endpointsController(cluster)));

const MIRRORING = codePart('endpointslice-mirroring-controller', () => import('./mirroring-controller.ts'));

/**
 * The EndpointSlice mirroring controller, for Services without a selector whose Endpoints
 * someone wrote; most clusters never have one, so its code loads with the first.
 */
export const ENDPOINTSLICE_MIRRORING: Installer = deferredController({
  name: 'endpointslice-mirroring-controller',
  part: MIRRORING,
  triggers: ['endpoints', 'services'],
  triggerWhen: needsMirroring,
  controller: (m, cluster) => m.mirroringController(cluster),
});
