/**
 * Moves a cluster's clock with the wall clock while the page is visible, so Pods start, probes
 * tick and ages grow as on a real cluster. Every ~100 ms it owes the cluster the wall time
 * since the last tick, but never more than `maxStepMs` at once: after the laptop wakes up or a
 * long command blocked the page, the cluster resumes instead of replaying hours of restarts in
 * one go. While the tab is hidden it stops (no work in the background); when it comes back,
 * time resumes from there.
 *
 * The owed time is paid in slices: the clock moves from one due timer to the next, and once a
 * slice has used `sliceMs` of wall time the driver gives the page a turn (keys, Ctrl-C, buttons,
 * painting) before going on. A busy cluster (thousands of Pods, a CronJob's backlog) then makes
 * cluster time lag behind, never the page freeze.
 */

/** What the driver moves: a SimClock (fires due timers in order while it advances). */
export interface Advanceable {
  now(): number;
  /** Moves to `t`, firing every timer due up to it, in order. */
  advanceTo(t: number): void;
  /** When the next timer is due, if any. */
  nextDue(): number | undefined;
}

export interface DriverOptions {
  /** Tick period in ms. Default 100. */
  intervalMs?: number;
  /** Largest cluster time owed at once, in ms. Default 1000. */
  maxStepMs?: number;
  /** Wall time a slice may take before the page gets a turn, in ms. Default 8. */
  sliceMs?: number;
  /** Monotonic wall clock in ms. Default `performance.now`. */
  now?: () => number;
  /** Runs `cb` after the page has had a turn. Default `setTimeout(cb, 0)`. */
  later?: (cb: () => void) => void;
  /** Visibility source. Default `document` (hidden + visibilitychange). */
  visibility?: { readonly hidden: boolean; addEventListener(t: 'visibilitychange', cb: () => void): void; removeEventListener(t: 'visibilitychange', cb: () => void): void };
  /** Called when an advance throws (a simulator bug); the driver keeps going. Default console.error. */
  onError?: (e: unknown) => void;
  /**
   * While this returns true, cluster time stands still and the wall time that passes is dropped
   * (as while hidden). Used while a command fetches code it loads on demand: the command then
   * runs at the cluster time it started at, as a journal replay runs it.
   */
  held?: () => boolean;
}

export interface RealtimeDriver {
  /** Stops for good (page teardown, cluster reset). */
  stop(): void;
  /** True while ticking (visible and not stopped). */
  readonly running: boolean;
  /** Cluster time owed and not yet paid (ms): above zero while a busy cluster catches up. */
  readonly behindMs: number;
}

/** Starts driving `target` in real time. */
export function startRealtimeDriver(target: Advanceable, opts: DriverOptions = {}): RealtimeDriver {
  const intervalMs = opts.intervalMs ?? 100;
  const maxStepMs = opts.maxStepMs ?? 1000;
  const sliceMs = opts.sliceMs ?? 8;
  const now = opts.now ?? (() => performance.now());
  const later = opts.later ?? ((cb: () => void) => void setTimeout(cb, 0));
  const visibility = opts.visibility ?? document;
  const onError = opts.onError ?? ((e: unknown) => console.error(e));
  const held = opts.held ?? (() => false);
  let timer: ReturnType<typeof setInterval> | undefined;
  let last = now();
  let stopped = false;
  /** Cluster time to reach; undefined when nothing is owed. */
  let goal: number | undefined;
  /** True while a slice is scheduled (the page is having its turn). */
  let pending = false;

  /** Pays what is owed, timer by timer, until done or the slice's wall time is used up. */
  const slice = (): void => {
    pending = false;
    const start = now();
    while (goal !== undefined && !stopped) {
      if (held()) {
        goal = undefined; // time stands still: what was owed is dropped
        return;
      }
      try {
        const next = target.nextDue();
        if (next === undefined || next >= goal) {
          target.advanceTo(Math.max(goal, target.now()));
          goal = undefined;
          return;
        }
        target.advanceTo(Math.max(next, target.now()));
      } catch (e) {
        goal = undefined;
        onError(e);
        return;
      }
      if (now() - start >= sliceMs) {
        pending = true;
        later(slice);
        return;
      }
    }
  };

  const tick = (): void => {
    const t = now();
    const step = Math.min(Math.max(0, t - last), maxStepMs);
    last = t;
    if (step <= 0 || held()) return;
    // Still catching up: owe more, but never more than one step beyond the cluster's time.
    goal = Math.min((goal ?? target.now()) + Math.round(step), target.now() + maxStepMs);
    if (!pending) slice();
  };
  const resume = (): void => {
    if (stopped || timer !== undefined || visibility.hidden) return;
    last = now();
    timer = setInterval(tick, intervalMs);
  };
  const pause = (): void => {
    if (timer === undefined) return;
    tick();
    clearInterval(timer);
    timer = undefined;
  };
  const onVisibility = (): void => (visibility.hidden ? pause() : resume());

  visibility.addEventListener('visibilitychange', onVisibility);
  resume();
  return {
    stop() {
      pause();
      stopped = true;
      goal = undefined;
      visibility.removeEventListener('visibilitychange', onVisibility);
    },
    get running() {
      return timer !== undefined;
    },
    get behindMs() {
      return goal === undefined ? 0 : Math.max(0, goal - target.now());
    },
  };
}
