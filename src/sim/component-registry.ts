/**
 * Where a cluster's components register, in start order. It imports nothing, so the modules
 * that register (controllers, the scheduler, kubelets) and the list that imports them all
 * (components.ts) form no import cycle: a cycle there would run modules before this list
 * existed.
 */
import type { Component } from './cluster.ts';

/** Every registered component, in registration (= start) order. */
export const COMPONENTS: Component[] = [];

/** Appends a component to COMPONENTS; called by each component's module as it loads. */
export function registerComponent(c: Component): void {
  COMPONENTS.push(c);
}
