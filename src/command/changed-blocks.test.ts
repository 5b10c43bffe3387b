import { describe, expect, it } from 'vitest';
import { changedBlocks } from './changed-blocks.ts';

describe('changedBlocks', () => {
  it('is empty for equal texts', () => {
    expect(changedBlocks(['a', 'b'], ['a', 'b'])).toEqual([]);
  });

  it('groups a change, an insertion and a deletion with their positions on both sides', () => {
    expect(changedBlocks(['a', 'b', 'c', 'd'], ['a', 'B', 'c', 'x', 'd', 'e'])).toEqual([
      { at: 1, atB: 1, remove: ['b'], insert: ['B'] },
      { at: 3, atB: 3, remove: [], insert: ['x'] },
      { at: 4, atB: 5, remove: [], insert: ['e'] },
    ]);
    expect(changedBlocks(['a', 'b', 'c'], ['c'])).toEqual([{ at: 0, atB: 0, remove: ['a', 'b'], insert: [] }]);
  });
});
