/**
 * What a cluster is built from. `createCluster` takes a list of installers (the default one is
 * `DEFAULT_INSTALLERS` in components.ts) and runs them in two steps: every installer's `api`
 * part first (kinds: admission, tables, admission plugins, webhook servers), then the preset
 * writes the objects a fresh cluster holds, then every installer's `start` part in list order
 * (controllers, the scheduler, kubelets, add-ons). List order is start order: it decides the
 * order controllers take turns in, and so must stay fixed for a given list.
 */
import type { ApiRegistries } from './apiserver/registries.ts';
import type { Cluster } from './cluster.ts';
import type { CodePart } from './deferred/code-part.ts';

/** One part of a cluster: a kind, a controller, the scheduler, the kubelets, an add-on. */
export interface Installer {
  /** Unique within a list (`deployment-controller`, `jobs.batch`, `cloud-provider-kind`). */
  readonly name: string;
  /** Installs kinds, tables, admission plugins, webhook servers into the API server. */
  api?(api: ApiRegistries): void;
  /** Starts controllers and agents; runs after the preset's objects are in the store. */
  start?(cluster: Cluster): void;
  /**
   * The code it loads on first use (deferred/deferred-controller.ts): a host that wants every
   * cluster ready at once loads these first (`loadInstallerCode`).
   */
  readonly code?: readonly CodePart<unknown>[];
}

/** An installer that only starts a component (a controller, an agent). */
export function component(name: string, start: (cluster: Cluster) => void): Installer {
  return { name, start };
}

/** Runs the installers on a cluster that is being built: `api` parts, `preset`, then `start` parts. */
export function install(cluster: Cluster, installers: readonly Installer[], preset: (cluster: Cluster) => void): void {
  const steps = installSteps(cluster, installers, preset);
  while (!steps.next().done);
}

/** install() pausing (yield) after each part, for a host that builds a cluster in pieces. */
export function* installSteps(cluster: Cluster, installers: readonly Installer[], preset: (cluster: Cluster) => void): Generator<void, void, void> {
  const seen = new Set<string>();
  for (const i of installers) {
    if (seen.has(i.name)) throw new Error(`installer "${i.name}" is listed twice`);
    seen.add(i.name);
  }
  for (const i of installers) {
    i.api?.(cluster.api);
    yield;
  }
  preset(cluster);
  yield;
  for (const i of installers) {
    i.start?.(cluster);
    yield;
  }
  cluster.installed.push(...installers.map((i) => i.name));
}

function checkNames(installers: readonly Installer[], names: string[]): void {
  for (const n of names) if (!installers.some((i) => i.name === n)) throw new Error(`no installer "${n}" in the list`);
}

/** The list without the installers named: their kinds are not served and nothing of theirs runs. */
export function without(installers: readonly Installer[], ...names: string[]): Installer[] {
  checkNames(installers, names);
  return installers.filter((i) => !names.includes(i.name));
}

/**
 * The list with the named installers' controllers stopped: their kinds are still served (a
 * Deployment is accepted and stored) but nothing reconciles them, as when a controller is down.
 */
export function stopped(installers: readonly Installer[], ...names: string[]): Installer[] {
  checkNames(installers, names);
  return installers.map((i) => (names.includes(i.name) ? { name: i.name, ...(i.api ? { api: i.api } : {}) } : i));
}

/** The code parts the installers load on first use, each once. */
export function installerCode(installers: readonly Installer[]): CodePart<unknown>[] {
  return [...new Set(installers.flatMap((i) => i.code ?? []))];
}
