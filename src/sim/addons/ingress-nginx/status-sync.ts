/**
 * The controller's bookkeeping on Ingresses, while a controller Pod is Ready: a `Sync` event
 * ("Scheduled for sync") each time it sees an Ingress it serves added or changed, and the
 * published address (`--publish-status-address=localhost`) written into
 * `status.loadBalancer.ingress` by the status loop, which runs once the Pod leads and then
 * every 60 seconds. Writing the status is itself a change, hence the usual `(x2 over ...)`.
 */
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import { isControllerPod, readyControllerPods, serves } from './classes.ts';

const INGRESSES = 'ingresses.networking.k8s.io';
export const SOURCE = 'nginx-ingress-controller';
/** ingress-nginx's status update interval. */
export const STATUS_INTERVAL_MS = 60_000;
/** Time from the Pod turning Ready to holding the leader lease and publishing status. */
const LEADER_DELAY_MS = 1_000;
const ADDRESS = [{ hostname: 'localhost' }];
const ALL = '*';

/** The controller that writes Sync events and Ingress status for the ingress-nginx add-on. */
export function ingressStatusController(cluster: Cluster): Controller {
  /** Per leader Pod uid: the resourceVersion of each Ingress last synced. */
  let leader: { uid: string; since: number; seen: Map<string, string> } | undefined;

  /** Time until the status loop's next run (0: it runs now): at the leader's start, then every minute. */
  const untilStatusLoop = (now: number): number => {
    const first = (leader?.since ?? now) + LEADER_DELAY_MS;
    if (now < first) return first - now;
    const phase = (now - first) % STATUS_INTERVAL_MS;
    return phase === 0 ? 0 : STATUS_INTERVAL_MS - phase;
  };

  const published = (ing: KubeObject): boolean => JSON.stringify(ing.status?.loadBalancer?.ingress ?? []) === JSON.stringify(ADDRESS);

  const syncOne = (key: string): number | undefined => {
    const { namespace, name } = splitKey(key);
    const ing = cluster.store.get(INGRESSES, namespace ?? '', name);
    if (!ing || !leader || !serves(cluster, ing)) {
      leader?.seen.delete(key);
      return undefined;
    }
    const rv = String(ing.metadata.resourceVersion ?? '');
    if (leader.seen.get(key) !== rv) {
      leader.seen.set(key, rv);
      cluster.events.record(ing, 'Normal', 'Sync', 'Scheduled for sync', { component: SOURCE });
    }
    if (published(ing)) return undefined;
    const wait = untilStatusLoop(cluster.now());
    if (wait === 0) {
      cluster.api.modifyStatus(INGRESSES, namespace, name, (o) => {
        o.status = { ...(o.status ?? {}), loadBalancer: { ingress: ADDRESS } };
      });
      return undefined;
    }
    return wait;
  };

  return {
    name: SOURCE,
    watches: [
      { resource: INGRESSES, keys: (e) => [keyOf(e.object)] },
      { resource: 'pods', keys: (e) => (isControllerPod(e.object) ? [ALL] : []) },
      { resource: 'ingressclasses.networking.k8s.io', keys: () => [ALL] },
    ],
    initialKeys: () => [ALL],
    reconcile(key) {
      if (key === ALL) {
        const pod = readyControllerPods(cluster)[0];
        if (!pod) {
          leader = undefined;
          return;
        }
        if (leader?.uid !== pod.metadata.uid) leader = { uid: pod.metadata.uid!, since: cluster.now(), seen: new Map() };
        let wait: number | undefined;
        for (const ing of cluster.store.list(INGRESSES)) {
          const w = syncOne(keyOf(ing));
          if (w !== undefined) wait = Math.min(wait ?? w, w);
        }
        return wait === undefined ? undefined : { requeueAfter: wait };
      }
      const wait = syncOne(key);
      return wait === undefined ? undefined : { requeueAfter: wait };
    },
  };
}
