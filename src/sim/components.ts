/**
 * The list of components every cluster runs, in start order. Each module registers its
 * admission hooks, presets or controllers when imported; this file is the one place that
 * decides which exist.
 */
import type { Component } from './cluster.ts';
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
import './events/event-ttl.ts';

export const COMPONENTS: Component[] = componentList();

/**
 * Appends a component to COMPONENTS. Modules imported by this file must call this rather than
 * `COMPONENTS.push`: they run while this file is still being evaluated, when the `const` above
 * is not initialised yet, whereas function declarations are usable from the start.
 */
export function registerComponent(c: Component): void {
  componentList().push(c);
}

function componentList(): Component[] {
  const holder = componentList as { list?: Component[] };
  return (holder.list ??= []);
}
