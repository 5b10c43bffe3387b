/**
 * The list of components every cluster runs, in start order. Each module registers its
 * admission hooks, presets or controllers when imported (into component-registry.ts, which
 * they import instead of this file, so that no import cycle runs them before the list exists);
 * this file is the one place that decides which exist.
 */
import { COMPONENTS } from './component-registry.ts';
import './scheduler/scheduler.ts';
import './kubelet/component.ts';
import './nodes/node-lifecycle.ts';
import './nodes/node-heartbeat.ts';
import './apiserver/kinds/core.ts';
import './apiserver/kinds/replicaset.ts';
import './apiserver/kinds/deployment.ts';
import './apiserver/tables/replicaset.ts';
import './apiserver/tables/deployment.ts';
import './controllers/replicaset/replicaset-controller.ts';
import './controllers/deployment/deployment-controller.ts';
import './controllers/garbage-collector/garbage-collector.ts';
import './controllers/statefulset/register.ts';
import './controllers/daemonset/register.ts';
import './controllers/job/register.ts';
import './controllers/cronjob/register.ts';
import './controllers/volume/register.ts';
import './controllers/endpoints/register.ts';
import './network/load-balancer.ts';
import './addons/ingress-nginx/register.ts';
import './addons/metrics-server/index.ts';
import './events/event-ttl.ts';
import './kinds/limitrange/index.ts';
import './kinds/resourcequota/index.ts';
import './kinds/networkpolicy/index.ts';
import './kinds/horizontalpodautoscaler/index.ts';
import './kinds/apiservice/index.ts';

export { COMPONENTS };
