import { describe, expect, it } from 'vitest';
import { slowStartBatch } from './slow-start.ts';

describe('slowStartBatch', () => {
  it('creates everything in batches of 1, 2, 4, ... when nothing fails', () => {
    const calls: number[] = [];
    expect(slowStartBatch(10, (i) => (calls.push(i), true))).toBe(10);
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('finishes the batch in which a creation failed and starts no other', () => {
    let calls = 0;
    // Batches 1, 2, 4: the third creation (in the batch of 2) fails, so the batch of 4 never starts.
    expect(slowStartBatch(100, () => ++calls !== 3)).toBe(2);
    expect(calls).toBe(3);
  });

  it('makes a single attempt when the first one fails', () => {
    let calls = 0;
    expect(slowStartBatch(500, () => (calls++, false))).toBe(0);
    expect(calls).toBe(1);
  });
});
