import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRealtimeDriver } from './realtime-driver.ts';

class FakeVisibility {
  hidden = false;
  private listeners = new Set<() => void>();
  addEventListener(_t: 'visibilitychange', cb: () => void) {
    this.listeners.add(cb);
  }
  removeEventListener(_t: 'visibilitychange', cb: () => void) {
    this.listeners.delete(cb);
  }
  set(hidden: boolean) {
    this.hidden = hidden;
    for (const l of this.listeners) l();
  }
}

/** The wall clock the driver reads (ms), moved by the tests and by the fake cluster's work. */
let wall = 0;

/** A clock with timers; each timer fired costs `costMs` of wall time, as a busy cluster's work does. */
class FakeClock {
  current = 0;
  /** Due times, ascending. */
  timers: number[] = [];
  fired: number[] = [];
  constructor(private readonly costMs = 0) {}
  now() {
    return this.current;
  }
  nextDue() {
    return this.timers[0];
  }
  advanceTo(t: number) {
    for (;;) {
      const next = this.nextDue();
      if (next === undefined || next > t) break;
      this.timers.shift();
      this.current = Math.max(this.current, next);
      this.fired.push(next);
      wall += this.costMs;
    }
    this.current = Math.max(this.current, t);
  }
}

describe('startRealtimeDriver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    wall = 0;
  });
  afterEach(() => vi.useRealTimers());

  const tickFor = (ms: number) => {
    for (let i = 0; i < ms / 100; i++) {
      wall += 100;
      vi.advanceTimersByTime(100);
    }
  };

  it('advances cluster time by the wall time that passed', () => {
    const clock = new FakeClock();
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility() });
    tickFor(1000);
    expect(clock.now()).toBe(1000);
    d.stop();
  });

  it('stands still, dropping the wall time, while held', () => {
    let hold = false;
    const clock = new FakeClock();
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), held: () => hold });
    tickFor(300);
    hold = true;
    tickFor(500);
    hold = false;
    tickFor(200);
    expect(clock.now()).toBe(500);
    d.stop();
  });

  it('caps what it owes after the page was blocked', () => {
    const clock = new FakeClock();
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), maxStepMs: 1000 });
    wall += 3 * 60 * 60 * 1000; // three hours without a tick
    vi.advanceTimersByTime(100);
    expect(clock.now()).toBe(1000);
    d.stop();
  });

  it('pauses while hidden and does not catch up on return', () => {
    const vis = new FakeVisibility();
    const clock = new FakeClock();
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: vis });
    tickFor(300);
    vis.set(true);
    expect(d.running).toBe(false);
    wall += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(clock.now()).toBe(300);
    vis.set(false);
    tickFor(200);
    expect(clock.now()).toBe(500);
    d.stop();
    expect(d.running).toBe(false);
  });

  it('pays a busy second in slices and gives the page a turn between them', () => {
    // 200 timers within the next second, each costing 1 ms of wall time: 200 ms of work.
    const clock = new FakeClock(1);
    for (let i = 1; i <= 200; i++) clock.timers.push(i * 5);
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), sliceMs: 8, maxStepMs: 1000 });
    let keyAt: number | undefined;
    wall += 1000;
    // A key press queued right after the tick: it must run before all the work is done.
    setTimeout(() => (keyAt = clock.fired.length), 100);
    vi.advanceTimersByTime(100); // the tick: one slice of about 8 timers, then a turn for the page
    expect(clock.fired.length).toBeGreaterThanOrEqual(8);
    expect(clock.fired.length).toBeLessThan(20);
    expect(d.behindMs).toBeGreaterThan(0);
    vi.advanceTimersByTime(0);
    expect(keyAt).toBeDefined();
    expect(keyAt!).toBeLessThan(200);
    // Later turns pay the rest, in order, up to the second that was owed.
    for (let i = 0; i < 100 && d.behindMs > 0; i++) vi.advanceTimersByTime(1);
    expect(clock.fired).toEqual(Array.from({ length: 200 }, (_, i) => (i + 1) * 5));
    expect(clock.now()).toBeGreaterThanOrEqual(1000);
    d.stop();
  });

  it('stops paying when held in the middle of a catch-up (a command started loading code)', () => {
    const clock = new FakeClock(1);
    for (let i = 1; i <= 100; i++) clock.timers.push(i * 10);
    let hold = false;
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), sliceMs: 4, held: () => hold });
    wall += 1000;
    vi.advanceTimersByTime(100);
    const paid = clock.now();
    expect(paid).toBeLessThan(1000);
    hold = true;
    vi.advanceTimersByTime(50);
    expect(clock.now()).toBe(paid);
    expect(d.behindMs).toBe(0);
    d.stop();
  });

  it('never owes more than one step, however far behind a busy cluster is', () => {
    // Every 1 ms of cluster time costs 1 ms of wall time: the cluster can only lag.
    const clock = new FakeClock(1);
    for (let i = 1; i <= 20_000; i++) clock.timers.push(i);
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), maxStepMs: 1000 });
    tickFor(5000);
    expect(d.behindMs).toBeLessThanOrEqual(1000);
    d.stop();
    expect(d.behindMs).toBe(0);
  });

  it('keeps going when an advance throws', () => {
    const errors: unknown[] = [];
    const clock = new FakeClock();
    let calls = 0;
    const advanceTo = clock.advanceTo.bind(clock);
    clock.advanceTo = (t) => {
      if (++calls === 1) throw new Error('boom');
      advanceTo(t);
    };
    const d = startRealtimeDriver(clock, { now: () => wall, visibility: new FakeVisibility(), onError: (e) => errors.push(e) });
    tickFor(300);
    // The second of three ticks goes on from where the first failed.
    expect(calls).toBe(3);
    expect(errors).toHaveLength(1);
    expect(clock.now()).toBe(200);
    d.stop();
  });
});
