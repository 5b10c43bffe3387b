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

export interface DeferredControllerOptions<M> {
  /** The installer's name (`statefulsets.apps`). */
  name: string;
  /** The kind's API part, installed at once. */
  api?(api: ApiRegistries): void;
  /** The module that holds the controller. */
  part: CodePart<M>;
  /** Resources whose first change needs the controller (`statefulsets.apps`). */
  triggers: readonly string[];
  /**
   * Which changes of the trigger resources need the controller (default: every one), for a
   * controller whose resources exist from the start but concern it only in some shapes.
   */
  triggerWhen?(event: WatchEvent, cluster: Cluster): boolean;
  /** Builds the controller from the loaded module. */
  controller(module: M, cluster: Cluster): Controller;
}

/** An installer that adds its controller when the code is there, loading it on first need. */
export function deferredController<M>(o: DeferredControllerOptions<M>): Installer {
  return {
    name: o.name,
    ...(o.api ? { api: o.api } : {}),
    code: [o.part],
    start(cluster) {
      const ready = cluster.code.loaded(o.part);
      if (ready) {
        cluster.addController(o.controller(ready, cluster));
        return;
      }
      const slot = cluster.manager.reserveSlot();
      let missed: WatchEvent[] | undefined;
      const stop = cluster.store.subscribe((e) => {
        if (missed) {
          missed.push(e);
          return;
        }
        if (!o.triggers.includes(e.resource) || (o.triggerWhen && !o.triggerWhen(e, cluster))) return;
        const now = cluster.code.loaded(o.part);
        if (now) {
          stop();
          cluster.manager.addAt(slot, o.controller(now, cluster), [e]);
          return;
        }
        const changes = (missed = [e]);
        cluster.code.request(o.part, (m) => {
          stop();
          cluster.manager.addAt(slot, o.controller(m, cluster), changes);
        });
      });
    },
  };
}
