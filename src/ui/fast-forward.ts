/**
 * Waiting is optional: when a command waits on cluster time for more than a few seconds
 * (`sleep 150`, `kubectl wait`, `rollout status`, a Pod's graceful termination), the page says
 * so and offers to skip ahead. Skipping moves the cluster's clock from one due timer to the
 * next, letting the command run after each, until the command ends: the cluster goes through
 * exactly the states the wait would have gone through, only without the wall-clock time in
 * between (the clock is virtual; the real-time driver is just the slow way of moving it).
 *
 * Every wait goes through the shell's `sleep` (kubectl's polls included), so wrapping it is
 * enough to see them. A streaming command (`get -w`, `logs -f`) is not a wait: it has no end.
 */

/** The cluster clock as seen here (SimClock). */
export interface SkippableClock {
  now(): number;
  nextDue(): number | undefined;
  advanceTo(t: number): void;
}

export interface WaitWatchOptions {
  clock: SkippableClock;
  /** True while a command runs. */
  busy(): boolean;
  /** True once the running command has declared that it streams. */
  streaming(): boolean;
  /** True while a command fetches code it loads on first use (no cluster time passes). */
  loading(): boolean;
  /** Called when the offer appears (with what is waited on) or goes (undefined). */
  onOffer(offer: WaitOffer | undefined): void;
  /** Called when a skip ends, with the cluster time it moved over. */
  onSkipped?(ms: number): void;
  /** Lets the command run between two steps (a macrotask). */
  yieldToHost(): Promise<void>;
  /** A wait offers to skip once it is (or will be) longer than this much cluster time. Default 3 s. */
  offerAfterMs?: number;
  /** One skip never moves the clock further than this. Default 1 hour. */
  maxSkipMs?: number;
}

/** What the page shows while a long wait can be skipped. */
export interface WaitOffer {
  /** Cluster time the command has waited so far, in ms. */
  waitedMs: number;
  /** When the wait's length is known (a plain `sleep`): the ms still to wait. */
  remainingMs?: number;
  /** True while skipping. */
  skipping: boolean;
}

/** Watches one shell's waits. */
export interface WaitWatch {
  /** Wraps the shell's sleep: pass the result as the shell's `sleep` option. */
  sleep<I>(inner: (ms: number, interrupt: I) => Promise<boolean>): (ms: number, interrupt: I) => Promise<boolean>;
  /** The shell started a command line. */
  commandStarted(): void;
  /** The shell finished a command line. */
  commandEnded(): void;
  /** Skips to the end of the current wait; resolves when the skip stops. False when nothing waits. */
  skip(): Promise<boolean>;
  /** Skip every long wait of the next commands at once, until `autoSkip(false)`. */
  autoSkip(on: boolean): void;
  /** True while a wait can be skipped (the offer is showing). */
  readonly offered: boolean;
}

/** Turns a skip lets the command run without sleeping before it stops skipping. */
const IDLE_TURNS = 200;

/** Starts watching; the returned object is wired into the shell's options by the session. */
export function watchWaits(o: WaitWatchOptions): WaitWatch {
  const offerAfter = o.offerAfterMs ?? 3000;
  const maxSkip = o.maxSkipMs ?? 3_600_000;
  let commandStart: number | undefined;
  let sleepEnd: number | undefined;
  let offer: WaitOffer | undefined;
  let skipping = false;
  let auto = false;
  let sleeping = 0;

  const setOffer = (next: WaitOffer | undefined): void => {
    offer = next;
    o.onOffer(next);
  };
  const withdraw = (): void => {
    if (offer) setOffer(undefined);
  };

  const consider = (ms: number): void => {
    if (commandStart === undefined || o.streaming()) return;
    const now = o.clock.now();
    sleepEnd = now + ms;
    const waited = now - commandStart;
    // A known long sleep is offered at once; a poll (kubectl wait) once it has lasted a while.
    if (ms <= offerAfter && waited < offerAfter) return;
    if (auto && !skipping) {
      void watch.skip();
      return;
    }
    const remaining = ms > offerAfter ? { remainingMs: ms } : {};
    if (!offer || offer.skipping !== skipping || offer.remainingMs !== remaining.remainingMs) {
      setOffer({ waitedMs: waited, skipping, ...remaining });
    }
  };

  const watch: WaitWatch = {
    sleep(inner) {
      return (ms, interrupt) => {
        consider(ms);
        sleeping++;
        return inner(ms, interrupt).finally(() => {
          sleeping--;
          sleepEnd = undefined;
        });
      };
    },
    commandStarted() {
      commandStart = o.clock.now();
    },
    commandEnded() {
      commandStart = undefined;
      sleepEnd = undefined;
      withdraw();
    },
    async skip() {
      if (skipping) return true;
      if (!o.busy() || o.streaming() || commandStart === undefined) return false;
      skipping = true;
      const from = o.clock.now();
      const limit = from + maxSkip;
      setOffer({ waitedMs: from - commandStart, skipping: true, ...(sleepEnd !== undefined ? { remainingMs: sleepEnd - from } : {}) });
      try {
        // Time moves only while the command sleeps: between two sleeps it runs at the time
        // the last one ended, as the transcript and the journal replay run it.
        for (let idle = 0; o.busy() && !o.streaming(); ) {
          const next = o.clock.nextDue();
          if (o.loading() || sleeping === 0 || next === undefined || next > limit) {
            // Computing, loading code, or nothing left to fire within reach: let it run; a
            // command that stops waiting for long is no longer a wait to skip.
            if (++idle > IDLE_TURNS) break;
            await o.yieldToHost();
            continue;
          }
          idle = 0;
          o.clock.advanceTo(Math.max(next, o.clock.now()));
          await o.yieldToHost();
        }
      } finally {
        skipping = false;
        const moved = o.clock.now() - from;
        if (offer) setOffer(o.busy() && commandStart !== undefined ? { waitedMs: o.clock.now() - commandStart, skipping: false } : undefined);
        if (!o.busy()) withdraw();
        o.onSkipped?.(moved);
      }
      return true;
    },
    autoSkip(on) {
      auto = on;
      if (on && offer && !skipping) void watch.skip();
    },
    get offered() {
      return offer !== undefined;
    },
  };
  return watch;
}

/** "2m30s", "45s", "1h5m": a duration as kubectl prints ages. */
export function shortDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m}m${s % 60}s` : `${m}m`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h}h${m % 60}m` : `${h}h`;
}
