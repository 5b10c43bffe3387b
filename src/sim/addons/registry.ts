/**
 * Cluster add-ons: things a kind user installs next to the cluster (a load-balancer provider,
 * an Ingress controller). Each module registers one; `cluster addons` lists and enables them.
 * Whether an add-on is on is kept per cluster.
 */
import type { Cluster } from '../cluster.ts';

/** One add-on. */
export interface Addon {
  name: string;
  /** One line for `cluster addons`. */
  summary: string;
  /** Turns it on; returns the lines to print. Throws an Error with a message when it cannot. */
  enable(cluster: Cluster): string[];
  /** Turns it off; returns the lines to print. */
  disable(cluster: Cluster): string[];
  enabled(cluster: Cluster): boolean;
}

function table(): Map<string, Addon> {
  const holder = table as { map?: Map<string, Addon> };
  return (holder.map ??= new Map());
}

/** Makes an add-on available to every cluster. */
export function registerAddon(addon: Addon): void {
  table().set(addon.name, addon);
}

/** The add-ons, by name. */
export function addons(): Addon[] {
  return [...table().values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The add-on called `name`. */
export function addon(name: string): Addon | undefined {
  return table().get(name);
}
