/**
 * Moves a cluster's clock with the wall clock while the page is visible, so Pods start, probes
 * tick and ages grow as on a real cluster. Every ~100 ms it advances cluster time by the wall
 * time since the last tick, but never by more than `maxStepMs` at once: after the laptop wakes
 * up or a long command blocked the page, the cluster resumes instead of replaying hours of
 * restarts in one go. While the tab is hidden it stops (no work in the background); when it
 * comes back, time resumes from there.
 */

/** What the driver moves: `cluster.advance` (SimClock semantics: fires due timers in order). */
export interface Advanceable {
  advance(ms: number): void;
}

export interface DriverOptions {
  /** Tick period in ms. Default 100. */
  intervalMs?: number;
  /** Largest single advance in ms. Default 1000. */
  maxStepMs?: number;
  /** Monotonic wall clock in ms. Default `performance.now`. */
  now?: () => number;
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
}

/** Starts driving `target` in real time. */
export function startRealtimeDriver(target: Advanceable, opts: DriverOptions = {}): RealtimeDriver {
  const intervalMs = opts.intervalMs ?? 100;
  const maxStepMs = opts.maxStepMs ?? 1000;
  const now = opts.now ?? (() => performance.now());
  const visibility = opts.visibility ?? document;
  const onError = opts.onError ?? ((e: unknown) => console.error(e));
  const held = opts.held ?? (() => false);
  let timer: ReturnType<typeof setInterval> | undefined;
  let last = now();
  let stopped = false;

  const tick = (): void => {
    const t = now();
    const step = Math.min(Math.max(0, t - last), maxStepMs);
    last = t;
    if (step <= 0 || held()) return;
    try {
      target.advance(Math.round(step));
    } catch (e) {
      onError(e);
    }
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
      visibility.removeEventListener('visibilitychange', onVisibility);
    },
    get running() {
      return timer !== undefined;
    },
  };
}
