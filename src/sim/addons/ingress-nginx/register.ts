/**
 * Plugs the ingress-nginx add-on into every cluster: the controller's status and event
 * bookkeeping, its admission webhook's verdicts, and the `kind-ingress` preset (a kind
 * cluster created with kind's ingress config: the control-plane node labelled
 * `ingress-ready=true`, host ports 80 and 443 mapped to it). The add-on itself is installed
 * by applying its manifest, as on a real cluster.
 */
import { registerComponent } from '../../component-registry.ts';
import { registerWebhookServer } from '../../apiserver/webhooks.ts';
import { registerPreset } from '../../presets/index.ts';
import { buildKindCluster, KIND_NODES } from '../../presets/kind.ts';
import { validateIngress } from './admission-webhook.ts';
import { ingressStatusController } from './status-sync.ts';

registerComponent((cluster) => cluster.addController(ingressStatusController(cluster)));

registerWebhookServer('ingress-nginx', 'ingress-nginx-controller-admission', '/networking/v1/ingresses', (req, ctx) => validateIngress(ctx, req.object));

registerPreset('kind-ingress', (cluster) => {
  buildKindCluster(cluster, { nodes: KIND_NODES });
  const cp = cluster.store.get('nodes', '', KIND_NODES[0]!.name);
  if (cp) cluster.store.put('nodes', { ...cp, metadata: { ...cp.metadata, labels: { ...cp.metadata.labels, 'ingress-ready': 'true' } } });
});
