import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.ts';

describe('SimClock', () => {
  it('fires timers at their own due time, in order, ties by creation', () => {
    const c = new SimClock(0);
    const seen: string[] = [];
    c.setTimeout(() => seen.push(`b@${c.now()}`), 20);
    c.setTimeout(() => seen.push(`a@${c.now()}`), 10);
    c.setTimeout(() => seen.push(`a2@${c.now()}`), 10);
    c.advance(15);
    expect(seen).toEqual(['a@10', 'a2@10']);
    expect(c.now()).toBe(15);
    c.advance(100);
    expect(seen).toEqual(['a@10', 'a2@10', 'b@20']);
  });

  it('runs timers scheduled by timers when they fall inside the advance', () => {
    const c = new SimClock(0);
    const seen: number[] = [];
    c.setTimeout(() => c.setTimeout(() => seen.push(c.now()), 5), 5);
    c.advance(10);
    expect(seen).toEqual([10]);
  });

  it('does not fire cleared timers', () => {
    const c = new SimClock(0);
    let fired = false;
    const id = c.setTimeout(() => (fired = true), 1);
    c.clearTimeout(id);
    c.advance(5);
    expect(fired).toBe(false);
    expect(c.nextDue()).toBeUndefined();
  });
});
