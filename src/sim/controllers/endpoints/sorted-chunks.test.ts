import { describe, expect, it } from 'vitest';
import { SortedChunks } from './sorted-chunks.ts';

describe('SortedChunks', () => {
  it('stays sorted through thousands of inserts and removals, equal keys kept apart by identity', () => {
    type Item = { k: number; id: number };
    const list = new SortedChunks<Item>((a, b) => a.k < b.k);
    const held: Item[] = [];
    // A fixed pseudo-random sequence, so a failure reproduces.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      if (held.length && next() < 0.4) {
        const [victim] = held.splice(Math.floor(next() * held.length), 1);
        expect(list.remove(victim!)).toBe(true);
      } else {
        const item = { k: Math.floor(next() * 300), id: i };
        held.push(item);
        list.insert(item);
      }
    }
    expect(list.size).toBe(held.length);
    const all = list.take();
    expect(all.map((x) => x.k)).toEqual([...held].map((x) => x.k).sort((a, b) => a - b));
    expect(new Set(all)).toEqual(new Set(held));
    expect(list.take(10)).toEqual(all.slice(0, 10));
    expect(list.first()).toBe(all[0]);
    expect(list.remove({ k: 5, id: -1 })).toBe(false);
  });
});
