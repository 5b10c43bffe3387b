/**
 * The ingress-nginx add-on's part of every cluster: the controller's status and event
 * bookkeeping, and its admission webhook's verdicts. The add-on itself is installed by applying
 * its manifest, as on a real cluster; until then both stay idle.
 */
import type { Installer } from '../../installer.ts';
import { validateIngress } from './admission-webhook.ts';
import { ingressStatusController } from './status-sync.ts';

/** ingress-nginx: its webhook server and the controller's status sync. */
export const INGRESS_NGINX: Installer = {
  name: 'ingress-nginx',
  api(api) {
    api.webhooks.register('ingress-nginx', 'ingress-nginx-controller-admission', '/networking/v1/ingresses', (req, ctx) => validateIngress(ctx, req.object));
  },
  start: (cluster) => cluster.addController(ingressStatusController(cluster)),
};
