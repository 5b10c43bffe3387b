/**
 * The ingress-nginx add-on's part of every cluster: the controller's status and event
 * bookkeeping, and its admission webhook's verdicts. The add-on itself is installed by applying
 * its manifest, as on a real cluster. Until a controller Pod exists both would stay idle (the
 * status sync has no leader, and the API server calls the webhook only once its Service has a
 * ready endpoint, which is that Pod), so their code loads when the first controller Pod is
 * written, and cluster time holds until it is there. The exercise checks' look at what a request
 * through the controller would meet (probe.ts) comes with that code too: without a controller
 * Pod there is nothing to route.
 */
import type { Cluster } from '../../cluster.ts';
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { isControllerPod } from './controller-pod.ts';
import type { IngressProbe } from './probe.ts';

const CONTROLLER = codePart('ingress-nginx-controller', () => import('./controller-code.ts'));

/** ingress-nginx: its webhook server and the controller's status sync, from its first controller Pod on. */
export const INGRESS_NGINX: Installer = deferredController({
  name: 'ingress-nginx',
  part: CONTROLLER,
  triggers: ['pods'],
  wakes: (e) => isControllerPod(e.object),
  controller(m, cluster) {
    cluster.api.webhooks.register('ingress-nginx', 'ingress-nginx-controller-admission', '/networking/v1/ingresses', (req, ctx) => m.validateIngress(ctx, req.object));
    return m.ingressStatusController(cluster);
  },
});

/** What a request through the controller for `host` and `path` would meet (probe.ts); no controller before its code is there. */
export function probeIngress(cluster: Cluster, host: string, path: string, https = false): IngressProbe {
  return cluster.code.loaded(CONTROLLER)?.probeIngress(cluster, host, path, https) ?? { outcome: 'no-controller' };
}
