import { beforeEach, describe, expect, it } from 'vitest';
import { isDone, loadProgress, markDone, migrate, PROGRESS_KEY } from './progress-store.ts';

class MemoryStorage {
  data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
}

describe('progress store', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = new MemoryStorage() as unknown as Storage;
    (globalThis as { window?: unknown }).window = new EventTarget();
  });

  it('remembers completions with their first time', () => {
    expect(isDone('pods/web', storage)).toBe(false);
    markDone('pods/web', new Date('2026-11-30T04:00:00Z'), storage);
    markDone('pods/web', new Date('2026-11-30T05:00:00Z'), storage);
    expect(isDone('pods/web', storage)).toBe(true);
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!)).toEqual({
      version: 1,
      exercises: { 'pods/web': { doneAt: '2026-11-30T04:00:00.000Z' } },
    });
  });

  it('treats unreadable or unknown shapes as no progress, then overwrites them', () => {
    storage.setItem(PROGRESS_KEY, '{not json');
    expect(loadProgress(storage).exercises).toEqual({});
    storage.setItem(PROGRESS_KEY, JSON.stringify({ version: 99, exercises: { a: { doneAt: 'x' } } }));
    expect(isDone('a', storage)).toBe(false);
    markDone('b', new Date(0), storage);
    expect(loadProgress(storage)).toEqual({ version: 1, exercises: { b: { doneAt: '1970-01-01T00:00:00.000Z' } } });
  });

  it('drops malformed entries but keeps good ones', () => {
    expect(migrate({ version: 1, exercises: { a: { doneAt: 'now' }, b: null, c: { doneAt: 3 } } })).toEqual({
      version: 1,
      exercises: { a: { doneAt: 'now' } },
    });
  });
});
