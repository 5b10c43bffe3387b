import { describe, expect, it } from 'vitest';
import { History, HISTORY_LIMIT, type HistoryStore } from './history.ts';

function memoryStore(initial: string[] = []): HistoryStore & { saved: string[] } {
  const s = { saved: initial, load: () => s.saved, save: (l: string[]) => void (s.saved = l) };
  return s;
}

describe('History', () => {
  it('loads, adds and persists, skipping blanks and repeats of the previous line', () => {
    const store = memoryStore(['ls']);
    const h = new History(store);
    h.add('kubectl get pods');
    h.add('kubectl get pods');
    h.add('   ');
    h.add('ls');
    expect(h.list()).toEqual(['ls', 'kubectl get pods', 'ls']);
    expect(store.saved).toEqual(['ls', 'kubectl get pods', 'ls']);
  });
  it('walks up and down and restores the draft', () => {
    const h = new History();
    h.add('one');
    h.add('two');
    expect(h.previous('dra')).toBe('two');
    expect(h.previous('two')).toBe('one');
    expect(h.previous('one')).toBeUndefined();
    expect(h.next()).toBe('two');
    expect(h.next()).toBe('dra');
    expect(h.next()).toBeUndefined();
  });
  it('survives a broken store and caps its length', () => {
    const h = new History({ load: () => { throw new Error('denied'); }, save: () => { throw new Error('full'); } });
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h.add(`cmd ${i}`);
    expect(h.list()).toHaveLength(HISTORY_LIMIT);
    expect(h.list()[0]).toBe('cmd 5');
  });
  it('clears', () => {
    const store = memoryStore(['a']);
    const h = new History(store);
    h.clear();
    expect(h.list()).toEqual([]);
    expect(store.saved).toEqual([]);
  });
});
