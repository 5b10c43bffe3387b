/**
 * The simulator's clock. Everything in the cluster reads time from here and schedules work here,
 * never from the wall clock, so that a seeded session replays identically.
 *
 * Timers fire one by one at their own due time (ties broken by creation order), and `now()`
 * reads that due time while a timer runs: a pod started by a timer due at t=3s has
 * startTime 3s, not "whenever advance() was called to".
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, in cluster time. */
  now(): number;
  /** Runs `fn` once, `ms` from now (0 = as soon as the clock next settles). Returns an id. */
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** 2026-11-30T03:00:00Z: the simulated cluster's birth unless a session says otherwise. */
export const DEFAULT_EPOCH = Date.UTC(2026, 10, 30, 3, 0, 0);

/**
 * A clock driven by whoever owns it: tests and the command line call `advance`, the page's
 * real-time driver calls `advanceTo(start + elapsed wall time)`.
 */
export class SimClock implements Clock {
  private current: number;
  private seq = 0;
  /** Binary min-heap on (due, id). */
  private heap: Timer[] = [];
  private cancelled = new Set<number>();
  private firing = false;

  constructor(start: number = DEFAULT_EPOCH) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = ++this.seq;
    this.push({ id, due: this.current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.cancelled.add(id);
  }

  /** Due time of the earliest pending timer, or undefined when none is pending. */
  nextDue(): number | undefined {
    this.dropCancelled();
    return this.heap[0]?.due;
  }

  /** Number of live timers (for tests and diagnostics). */
  pending(): number {
    this.dropCancelled();
    return this.heap.length - this.cancelled.size;
  }

  /** Moves time forward by `ms`, firing every timer due on the way at its own due time. */
  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  /** Fires every timer due at or before `target` in order, then sets the time to `target`. */
  advanceTo(target: number): void {
    if (this.firing) throw new Error('SimClock.advanceTo called from inside a timer');
    this.firing = true;
    try {
      for (;;) {
        this.dropCancelled();
        const t = this.heap[0];
        if (!t || t.due > target) break;
        this.pop();
        if (t.due > this.current) this.current = t.due;
        t.fn();
      }
      if (target > this.current) this.current = target;
    } finally {
      this.firing = false;
    }
  }

  /** Fires the timers already due (including zero-delay work they schedule) without moving time. */
  settle(): void {
    if (this.firing) return;
    this.advanceTo(this.current);
  }

  /**
   * Fires the earliest timer already due, if any, without moving time: settle() is this
   * repeated until it returns false, so a host can settle in pieces. True when one fired.
   */
  fireOneDue(): boolean {
    if (this.firing) return false;
    this.dropCancelled();
    const t = this.heap[0];
    if (!t || t.due > this.current) return false;
    this.firing = true;
    try {
      this.pop();
      t.fn();
    } finally {
      this.firing = false;
    }
    return true;
  }

  private dropCancelled(): void {
    while (this.heap.length && this.cancelled.has(this.heap[0]!.id)) {
      this.cancelled.delete(this.heap[0]!.id);
      this.pop();
    }
  }

  private less(a: Timer, b: Timer): boolean {
    return a.due < b.due || (a.due === b.due && a.id < b.id);
  }

  private push(t: Timer): void {
    const h = this.heap;
    h.push(t);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): Timer | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
