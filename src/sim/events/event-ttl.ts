/**
 * The API server's event TTL (`--event-ttl`, one hour by default): etcd stores each Event with
 * a lease of that length, renewed by every write of it (a repeated event's count bump), and
 * deletes it when the lease runs out. Without it a CronJob firing every minute for a week
 * leaves some 70,000 Events behind; with it, only the last hour's.
 *
 * Writes come in clock order, so expiries queue in FIFO order; one clock timer is armed for
 * the oldest, and an Event written again since it was queued is skipped (its newer entry
 * follows later in the queue).
 */
import type { Cluster } from '../cluster.ts';
import { component, type Installer } from '../installer.ts';

/** kube-apiserver's default --event-ttl. */
export const EVENT_TTL_MS = 60 * 60_000;

/** Starts expiring Events `ttlMs` after their last write. */
export function startEventTtl(cluster: Cluster, ttlMs = EVENT_TTL_MS): void {
  const { store, clock } = cluster;
  /** `ns/name` -> expiry of its latest write. */
  const expiry = new Map<string, number>();
  let queue: { key: string; at: number }[] = [];
  let head = 0;
  let timer: number | undefined;

  const keyOf = (ns: string | undefined, name: string | undefined): string => `${ns ?? ''}/${name ?? ''}`;

  function push(key: string, at: number): void {
    expiry.set(key, at);
    queue.push({ key, at });
    arm();
  }

  function arm(): void {
    if (timer !== undefined || head >= queue.length) return;
    timer = clock.setTimeout(sweep, Math.max(0, queue[head]!.at - clock.now()));
  }

  function sweep(): void {
    timer = undefined;
    const now = clock.now();
    while (head < queue.length && queue[head]!.at <= now) {
      const { key, at } = queue[head++]!;
      if (expiry.get(key) !== at) continue;
      expiry.delete(key);
      const slash = key.indexOf('/');
      store.remove('events', key.slice(0, slash), key.slice(slash + 1));
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    arm();
  }

  // Events restored from a saved cluster expire an hour after their last write.
  const restored = store
    .list('events')
    .map((e) => ({ key: keyOf(e.metadata.namespace, e.metadata.name), at: writeTime(e) + ttlMs }))
    .sort((a, b) => a.at - b.at);
  for (const r of restored) push(r.key, r.at);

  store.subscribe((e) => {
    if (e.resource !== 'events') return;
    const key = keyOf(e.object.metadata.namespace, e.object.metadata.name);
    if (e.type === 'DELETED') expiry.delete(key);
    else push(key, clock.now() + ttlMs);
  });
}

/** When an Event was last written, from its own timestamps (for Events restored from a snapshot). */
function writeTime(e: { lastTimestamp?: unknown; eventTime?: unknown; metadata: { creationTimestamp?: string } }): number {
  for (const t of [e.lastTimestamp, e.eventTime, e.metadata.creationTimestamp]) {
    const ms = typeof t === 'string' ? Date.parse(t) : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  return 0;
}

/** The API server's Event expiry (--event-ttl). */
export const EVENT_TTL: Installer = component('event-ttl', (cluster) => startEventTtl(cluster));
