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

describe('startRealtimeDriver', () => {
  let wall = 0;
  let advanced: number[] = [];
  const target = { advance: (ms: number) => void advanced.push(ms) };
  beforeEach(() => {
    vi.useFakeTimers();
    wall = 0;
    advanced = [];
  });
  afterEach(() => vi.useRealTimers());

  const tickFor = (ms: number) => {
    for (let i = 0; i < ms / 100; i++) {
      wall += 100;
      vi.advanceTimersByTime(100);
    }
  };

  it('stands still, dropping the wall time, while held', () => {
    let hold = false;
    const d = startRealtimeDriver(target, { now: () => wall, visibility: new FakeVisibility(), held: () => hold });
    tickFor(300);
    hold = true;
    tickFor(500);
    hold = false;
    tickFor(200);
    expect(advanced.reduce((a, b) => a + b, 0)).toBe(500);
    d.stop();
  });

  it('advances cluster time by the wall time that passed', () => {
    const vis = new FakeVisibility();
    const d = startRealtimeDriver(target, { now: () => wall, visibility: vis });
    tickFor(1000);
    expect(advanced.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(advanced.every((s) => s === 100)).toBe(true);
    d.stop();
  });

  it('caps a single jump after the page was blocked', () => {
    const vis = new FakeVisibility();
    const d = startRealtimeDriver(target, { now: () => wall, visibility: vis, maxStepMs: 1000 });
    wall += 3 * 60 * 60 * 1000; // three hours without a tick
    vi.advanceTimersByTime(100);
    expect(advanced).toEqual([1000]);
    d.stop();
  });

  it('pauses while hidden and does not catch up on return', () => {
    const vis = new FakeVisibility();
    const d = startRealtimeDriver(target, { now: () => wall, visibility: vis });
    tickFor(300);
    vis.set(true);
    expect(d.running).toBe(false);
    const before = advanced.length;
    wall += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(advanced.length).toBe(before);
    vis.set(false);
    tickFor(200);
    expect(advanced.slice(before)).toEqual([100, 100]);
    d.stop();
    expect(d.running).toBe(false);
  });

  it('keeps going when an advance throws', () => {
    const errors: unknown[] = [];
    let calls = 0;
    const d = startRealtimeDriver(
      { advance: () => { calls++; if (calls === 1) throw new Error('boom'); } },
      { now: () => wall, visibility: new FakeVisibility(), onError: (e) => errors.push(e) },
    );
    tickFor(300);
    expect(calls).toBe(3);
    expect(errors).toHaveLength(1);
    d.stop();
  });
});
