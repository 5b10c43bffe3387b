/**
 * An installer whose controller loads on first use. Its kind (the `api` part: admission,
 * tables) is installed at once, since the API server answers synchronously; the controller's
 * code is fetched when the first object it exists for is written (`triggers`), and until then
 * the cluster runs exactly as if the controller were there and idle.
 *
 * Why that is the same cluster: a controller deferred here does nothing before an object of
 * its trigger kinds exists (its watches yield no keys: a Pod not owned by a StatefulSet is
 * nobody's business of the StatefulSet controller), it keeps the turn-taking position it had
 * in the installer list (`reserveSlot`), and every change from the trigger on is handed to it
 * in order once it arrives (`addAt`). Cluster time stands still in between (`cluster.code.loading`
 * holds the hosts' clocks), so its first reconcile happens at the cluster time and in the turn
 * it would have happened with the code there from the start. With the code already loaded (Node,
 * or a page that fetched it before), `start` adds the controller at once, as any installer does.
 */
import type { WatchEvent } from '../api/types.ts';
import type { ApiRegistries } from '../apiserver/registries.ts';
import type { Cluster } from '../cluster.ts';
import type { Installer } from '../installer.ts';
import type { Controller } from '../runtime/controller.ts';
import type { CodePart } from './code-part.ts';

export interface DeferredControllerOptions<M, S = undefined> {
  /** The installer's name (`statefulsets.apps`). */
  name: string;
  /** The kind's API part, installed at once. */
  api?(api: ApiRegistries): void;
  /** The module that holds the controller. */
  part: CodePart<M>;
  /**
   * Kinds whose admission and tables come in the same module (apiserver/deferred-kinds.ts):
   * installed when a caller first prepares one of them, or when the module arrives for the
   * controller. Without this, the `api` part installs the kind at once.
   */
  kinds?: { resources: readonly string[]; install(module: M, api: ApiRegistries): void };
  /** Resources whose first change needs the controller (`statefulsets.apps`). */
  triggers: readonly string[];
  /**
   * Per cluster, made at start: what the trigger test keeps and the controller takes over (the
   * DaemonSet controller's memory of node shapes). Default none.
   */
  state?(cluster: Cluster): S;
  /**
   * Whether this change of a trigger resource needs the controller (default: every change). For
   * a controller with work on objects that are not its kind's (a DaemonSet's Pods, the Nodes):
   * true exactly when the controller's own watches would have yielded a key that leads to work.
   */
  wakes?(event: WatchEvent, state: S): boolean;
  /**
   * Which changes of the trigger resources need the controller (default: every one), for a
   * controller whose resources exist from the start but concern it only in some shapes.
   */
  triggerWhen?(event: WatchEvent, cluster: Cluster): boolean;
  /** Builds the controller from the loaded module. */
  controller(module: M, cluster: Cluster, state: S): Controller;
}

/** An installer that adds its controller when the code is there, loading it on first need. */
export function deferredController<M, S = undefined>(o: DeferredControllerOptions<M, S>): Installer {
  const kinds = o.kinds;
  const api = o.api;
  return {
    name: o.name,
    ...(api || kinds
      ? {
          api(registries: ApiRegistries) {
            api?.(registries);
            if (kinds) registries.deferred.add({ resources: kinds.resources, part: o.part, install: kinds.install });
          },
        }
      : {}),
    code: [o.part],
    start(cluster) {
      const state = o.state ? o.state(cluster) : (undefined as S);
      const ready = cluster.code.loaded(o.part);
      if (ready) {
        cluster.addController(o.controller(ready, cluster, state));
        return;
      }
      const slot = cluster.manager.reserveSlot();
      let missed: WatchEvent[] | undefined;
      const stop = cluster.store.subscribe((e) => {
        if (missed) {
          missed.push(e);
          return;
        }
        if (!o.triggers.includes(e.resource)) return;
        if (o.wakes && !o.wakes(e, state)) return;
        if (o.triggerWhen && !o.triggerWhen(e, cluster)) return;
        const now = cluster.code.loaded(o.part);
        if (now) {
          stop();
          cluster.manager.addAt(slot, o.controller(now, cluster, state), [e]);
          return;
        }
        const changes = (missed = [e]);
        cluster.code.request(o.part, (m) => {
          stop();
          cluster.api.deferred.installPart(o.part, m);
          cluster.manager.addAt(slot, o.controller(m, cluster, state), changes);
        });
      });
    },
  };
}
