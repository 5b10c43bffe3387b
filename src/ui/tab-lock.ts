/**
 * One tab owns a session at a time. Two tabs of the same lesson would otherwise both save
 * their own cluster under the same key, and the last to save would silently erase the other's
 * work. The first tab holds a Web Lock named after the session; a later tab finds it taken,
 * works without saving and offers to take over: it asks the owner (over a BroadcastChannel) to
 * save and let go, waits a moment for the lock, takes it by force if the owner does not answer
 * (a frozen tab), and reloads so that it starts from the owner's last save.
 *
 * Where Web Locks are missing (old browsers), every tab owns its session, as before.
 */

/** What a session learns about its ownership. */
export interface TabClaim {
  /** True when this tab owns the session (saves it). */
  readonly owned: boolean;
  /** Asks the owning tab to let go, then reloads this page to own the session. */
  takeOver(): Promise<void>;
}

/** How long a take-over waits for the owner to save and let go before taking the lock by force. */
const YIELD_WAIT_MS = 2000;

/**
 * Claims session `name`. `onLost` runs in the owning tab when another tab takes over: the owner
 * should save first if it can (`beforeRelease`) and stop saving afterwards.
 */
export async function claimSession(name: string, hooks: { beforeRelease: () => void; onLost: () => void }): Promise<TabClaim> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { owned: true, takeOver: async () => {} };
  const lockName = `lock:${name}`;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(lockName);
  let release: (() => void) | undefined;
  let lost = false;
  const lose = (): void => {
    if (lost) return;
    lost = true;
    hooks.onLost();
  };
  const owned = await new Promise<boolean>((resolve) => {
    locks
      .request(lockName, { ifAvailable: true }, (lock) => {
        if (!lock) return resolve(false);
        resolve(true);
        return new Promise<void>((r) => (release = r));
      })
      // Taken by force (a take-over that got no answer): this tab no longer owns the session.
      .catch(() => lose());
  });
  if (owned && channel) {
    channel.onmessage = (e: MessageEvent) => {
      if (e.data !== 'yield' || lost) return;
      try {
        hooks.beforeRelease();
      } finally {
        lose();
        release?.();
      }
    };
  }
  return {
    owned,
    async takeOver() {
      channel?.postMessage('yield');
      const free = await new Promise<boolean>((resolve) => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), YIELD_WAIT_MS);
        locks
          .request(lockName, { signal: controller.signal }, () => {
            clearTimeout(timer);
            resolve(true);
          })
          .catch(() => resolve(false));
      });
      if (!free) await locks.request(lockName, { steal: true }, () => {});
      location.reload();
    },
  };
}
