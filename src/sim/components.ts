/**
 * The composition root: the installers a default cluster is built from, in start order (the
 * order controllers take turns in). `createCluster` uses this list unless it is given another;
 * a lesson that needs a controller stopped or an add-on installed passes a changed copy
 * (`without`, `stopped` in installer.ts). A new kind is one folder under kinds/ exporting an
 * `Installer`, plus one line here.
 */
import { APPS_KINDS, CONTROLLER_REVISIONS } from './apiserver/kinds/apps.ts';
import { CORE_KINDS } from './apiserver/kinds/core.ts';
import { INGRESS_NGINX } from './addons/ingress-nginx/register.ts';
import { METRICS_SERVER_INSTALLER } from './addons/metrics-server/index.ts';
import { CRONJOBS } from './controllers/cronjob/register.ts';
import { DAEMONSETS } from './controllers/daemonset/register.ts';
import { DEPLOYMENT_CONTROLLER_INSTALLER } from './controllers/deployment/deployment-controller.ts';
import { ENDPOINTS_CONTROLLER, ENDPOINTSLICE_MIRRORING } from './controllers/endpoints/register.ts';
import { GARBAGE_COLLECTION } from './controllers/garbage-collector/garbage-collector.ts';
import { JOBS } from './controllers/job/register.ts';
import { NAMESPACE_CONTROLLER } from './controllers/namespace/index.ts';
import { POD_GC } from './controllers/podgc/podgc-controller.ts';
import { REPLICASET_CONTROLLER_INSTALLER } from './controllers/replicaset/replicaset-controller.ts';
import { STATEFULSETS } from './controllers/statefulset/register.ts';
import { VOLUMES } from './controllers/volume/register.ts';
import { EVENT_TTL } from './events/event-ttl.ts';
import { stopped, without, type Installer } from './installer.ts';
import { addonEnabled } from './addons/registry.ts';
import { APISERVICES_INSTALLER } from './kinds/apiservice/index.ts';
import { CSR_INSTALLER } from './kinds/certificatesigningrequest/index.ts';
import { HORIZONTALPODAUTOSCALERS } from './kinds/horizontalpodautoscaler/index.ts';
import { INGRESSES } from './kinds/ingress/index.ts';
import { LIMITRANGES } from './kinds/limitrange/index.ts';
import { NETWORKPOLICIES } from './kinds/networkpolicy/index.ts';
import { PODDISRUPTIONBUDGETS } from './kinds/poddisruptionbudget/index.ts';
import { RESOURCEQUOTAS } from './kinds/resourcequota/index.ts';
import { KUBELETS } from './kubelet/component.ts';
import { RBAC_BOOTSTRAP } from './auth/bootstrap-policy.ts';
import { LOAD_BALANCER } from './network/load-balancer.ts';
import { NODE_HEARTBEATS } from './nodes/node-heartbeat.ts';
import { NODE_LIFECYCLE } from './nodes/node-lifecycle.ts';
import { SCHEDULER } from './scheduler/scheduler.ts';

/** Everything a default cluster runs, in start order. */
export const DEFAULT_INSTALLERS: readonly Installer[] = Object.freeze([
  CORE_KINDS,
  APPS_KINDS,
  CONTROLLER_REVISIONS,
  SCHEDULER,
  KUBELETS,
  NODE_LIFECYCLE,
  NODE_HEARTBEATS,
  NAMESPACE_CONTROLLER,
  REPLICASET_CONTROLLER_INSTALLER,
  DEPLOYMENT_CONTROLLER_INSTALLER,
  GARBAGE_COLLECTION,
  POD_GC,
  STATEFULSETS,
  DAEMONSETS,
  JOBS,
  CRONJOBS,
  VOLUMES,
  ENDPOINTS_CONTROLLER,
  ENDPOINTSLICE_MIRRORING,
  LOAD_BALANCER,
  INGRESS_NGINX,
  METRICS_SERVER_INSTALLER,
  EVENT_TTL,
  LIMITRANGES,
  RESOURCEQUOTAS,
  INGRESSES,
  NETWORKPOLICIES,
  HORIZONTALPODAUTOSCALERS,
  PODDISRUPTIONBUDGETS,
  APISERVICES_INSTALLER,
  CSR_INSTALLER,
  RBAC_BOOTSTRAP,
]);

/**
 * What a lesson may ask of its cluster, by installer and add-on names: controllers stopped
 * (their kinds still served), installers left out, add-ons running from the start.
 */
export interface ClusterShape {
  /** Installers whose controllers do not run (`deployment-controller`, `scheduler`). */
  stopped?: readonly string[];
  /** Installers left out entirely (their kinds are not served). */
  without?: readonly string[];
  /** Add-ons enabled at creation (`cloud-provider-kind`). */
  addons?: readonly string[];
}

/** The installers of a default cluster changed as `shape` asks; throws for an unknown name. */
export function installersFor(shape: ClusterShape = {}): Installer[] {
  let list = without(DEFAULT_INSTALLERS, ...(shape.without ?? []));
  list = stopped(list, ...(shape.stopped ?? []));
  return [...list, ...(shape.addons ?? []).map(addonEnabled)];
}
