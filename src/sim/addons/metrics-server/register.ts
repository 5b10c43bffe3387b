/**
 * The metrics add-on. Installed either as kind users install it, `kubectl apply -f` of the
 * release's components.yaml (served by the simulated network, see documents.ts) plus the
 * `--kubelet-insecure-tls` flag kind's self-signed kubelet certificates need, or in one step
 * with `cluster addons enable metrics-server`, which creates the same objects with that flag.
 * Either way what runs is metrics-server's Deployment in kube-system behind the APIService
 * v1beta1.metrics.k8s.io; `kubectl top` and the HPA controller read it through storage.ts.
 */
import type { Cluster } from '../../cluster.ts';
import { offerAddon, type Addon } from '../registry.ts';
import type { Installer } from '../../installer.ts';
import { codePart } from '../../deferred/code-part.ts';
import { METRICS_APISERVICE } from './storage.ts';
import { RBAC_POLICY_CODE } from '../../auth/bootstrap-policy.ts';

const NAME = 'metrics-server';

/** The release's objects and what enabling or disabling does with them (release.ts), needed only then. */
const OBJECTS = codePart('metrics-server-objects', () => import('./release.ts'));

function release(cluster: Cluster) {
  const m = cluster.code.loaded(OBJECTS);
  if (!m) throw new Error(`${NAME}'s manifest has not loaded yet`);
  return m;
}

const METRICS_SERVER: Addon = {
  name: NAME,
  summary: 'metrics-server: the resource metrics API behind kubectl top and HorizontalPodAutoscalers',
  code: [OBJECTS, RBAC_POLICY_CODE],
  enabled: (cluster: Cluster) => !!cluster.store.get('apiservices.apiregistration.k8s.io', '', METRICS_APISERVICE),
  enable(cluster) {
    if (this.enabled(cluster)) return [`${NAME} is already installed.`];
    release(cluster).installRelease(cluster);
    return [
      `${NAME} installed in kube-system (components.yaml with --kubelet-insecure-tls).`,
      'kubectl top and HorizontalPodAutoscalers get metrics once it has scraped the kubelets (about a minute).',
    ];
  },
  disable(cluster) {
    if (!this.enabled(cluster)) return [`${NAME} is not installed.`];
    release(cluster).removeRelease(cluster);
    return [`${NAME} removed.`];
  },
};

/** Offers the metrics-server add-on (`cluster addons enable metrics-server`); what it runs is created through the API. */
export const METRICS_SERVER_INSTALLER: Installer = {
  name: NAME,
  code: [OBJECTS],
  start: (cluster) => offerAddon(cluster, METRICS_SERVER),
};
