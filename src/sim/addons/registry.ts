/**
 * Cluster add-ons: things a kind user installs next to the cluster (a load-balancer provider,
 * an Ingress controller). A cluster offers the add-ons its installers declared
 * (`offerAddon`); `cluster addons` lists and enables them. Whether one is on is kept per cluster.
 */
import type { Cluster } from '../cluster.ts';
import type { CodePart } from '../deferred/code-part.ts';
import type { Installer } from '../installer.ts';

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
  /**
   * Code `enable` and `disable` need, loaded on first use: before calling either, a host awaits
   * `loadAddonCode` (holding its clock while it loads). An add-on whose objects include
   * ClusterRoles also needs the cluster's RBAC policy code, which its writes of them reach.
   */
  code?: CodePart<unknown> | readonly CodePart<unknown>[];
}

function partsOf(a: Addon): readonly CodePart<unknown>[] {
  return !a.code ? [] : Array.isArray(a.code) ? a.code : [a.code as CodePart<unknown>];
}

/** Whether `a`'s code is there, so that `enable` and `disable` can run now. */
export function addonReady(cluster: Cluster, a: Addon): boolean {
  return partsOf(a).every((p) => cluster.code.loaded(p) !== undefined);
}

/** Loads `a`'s code (cluster time holds meanwhile); rejects when a part cannot be fetched. */
export async function loadAddonCode(cluster: Cluster, a: Addon): Promise<void> {
  await Promise.all(partsOf(a).map((p) => cluster.code.load(p)));
}

/** Makes an add-on available on this cluster (an installer's `start` calls it). */
export function offerAddon(cluster: Cluster, addon: Addon): void {
  cluster.addons.set(addon.name, addon);
}

/** The add-ons this cluster offers, by name. */
export function addons(cluster: Cluster): Addon[] {
  return [...cluster.addons.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The add-on called `name` on this cluster. */
export function addon(cluster: Cluster, name: string): Addon | undefined {
  return cluster.addons.get(name);
}

/**
 * An installer that turns on an add-on the cluster offers as it starts (list it after the
 * installer that offers it): a lesson whose cluster comes with the add-on already running.
 * An add-on whose code has not loaded yet asks for it and leaves the cluster waiting for code,
 * which `createClusterWhenReady` builds again once it is there.
 */
export function addonEnabled(name: string): Installer {
  return {
    name: `${name}:enabled`,
    start(cluster) {
      const a = addon(cluster, name);
      if (!a) throw new Error(`no add-on "${name}" is offered by the installers listed before it`);
      if (addonReady(cluster, a)) a.enable(cluster);
      else for (const p of partsOf(a)) if (!cluster.code.loaded(p)) cluster.code.request(p, () => {});
    },
  };
}
