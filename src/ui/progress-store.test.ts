import { beforeEach, describe, expect, it } from 'vitest';
import {
  exerciseProgress,
  isDone,
  loadProgress,
  markDone,
  markStarted,
  migrate,
  PROGRESS_KEY,
  recordAttempt,
  recordHints,
  recordSolutionShown,
  DAMAGED_PROGRESS_KEY,
} from './progress-store.ts';

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

  it('keeps a damaged value aside before the first write replaces it', () => {
    storage.setItem(PROGRESS_KEY, '{"version":2,"exercises":{"pods/web":{"doneAt":"2026');
    expect(loadProgress(storage).exercises).toEqual({});
    markStarted('pods/pair', new Date('2026-11-30T04:00:00Z'), storage);
    expect(storage.getItem(DAMAGED_PROGRESS_KEY)).toBe('{"version":2,"exercises":{"pods/web":{"doneAt":"2026');
    expect(loadProgress(storage).exercises['pods/pair']).toEqual({ startedAt: '2026-11-30T04:00:00.000Z' });
  });

  it('remembers completions with their first time', () => {
    expect(isDone('pods/web', storage)).toBe(false);
    markDone('pods/web', new Date('2026-11-30T04:00:00Z'), storage);
    markDone('pods/web', new Date('2026-11-30T05:00:00Z'), storage);
    expect(isDone('pods/web', storage)).toBe(true);
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!)).toEqual({
      version: 2,
      exercises: { 'pods/web': { doneAt: '2026-11-30T04:00:00.000Z' } },
    });
  });

  it('treats unreadable or unknown shapes as no progress, then overwrites them', () => {
    storage.setItem(PROGRESS_KEY, '{not json');
    expect(loadProgress(storage).exercises).toEqual({});
    storage.setItem(PROGRESS_KEY, JSON.stringify({ version: 99, exercises: { a: { doneAt: 'x' } } }));
    expect(isDone('a', storage)).toBe(false);
    markDone('b', new Date(0), storage);
    expect(loadProgress(storage)).toEqual({ version: 2, exercises: { b: { doneAt: '1970-01-01T00:00:00.000Z' } } });
  });

  it('drops malformed entries but keeps good ones', () => {
    expect(migrate({ version: 1, exercises: { a: { doneAt: 'now' }, b: null, c: { doneAt: 3 } } })).toEqual({
      version: 2,
      exercises: { a: { doneAt: 'now' } },
    });
    expect(migrate({ version: 2, exercises: { a: { hintsUsed: -1, attempts: 2.5, withSolution: 'yes', startedAt: 's' } } })).toEqual({
      version: 2,
      exercises: { a: { startedAt: 's' } },
    });
  });

  it('reads what version 1 stored and keeps it when recording more', () => {
    storage.setItem(PROGRESS_KEY, JSON.stringify({ version: 1, exercises: { 'pods/web': { doneAt: '2026-11-30T04:12:09.120Z' } } }));
    expect(isDone('pods/web', storage)).toBe(true);
    recordHints('pods/pair', 1, storage);
    expect(loadProgress(storage).exercises).toEqual({
      'pods/web': { doneAt: '2026-11-30T04:12:09.120Z' },
      'pods/pair': { hintsUsed: 1 },
    });
  });

  it('records start, hints, attempts and the solution, and completion with the solution', () => {
    markStarted('pods/fix-db', new Date('2026-11-30T04:00:00Z'), storage);
    markStarted('pods/fix-db', new Date('2026-11-30T05:00:00Z'), storage);
    recordHints('pods/fix-db', 2, storage);
    recordHints('pods/fix-db', 1, storage);
    recordAttempt('pods/fix-db', storage);
    expect(isDone('pods/fix-db', storage)).toBe(false);
    recordSolutionShown('pods/fix-db', new Date('2026-11-30T04:10:00Z'), storage);
    markDone('pods/fix-db', new Date('2026-11-30T04:11:00Z'), storage);
    expect(exerciseProgress('pods/fix-db', storage)).toEqual({
      startedAt: '2026-11-30T04:00:00.000Z',
      hintsUsed: 2,
      attempts: 1,
      solutionShownAt: '2026-11-30T04:10:00.000Z',
      doneAt: '2026-11-30T04:11:00.000Z',
      withSolution: true,
    });
    // Done without the solution first: showing it afterwards does not change how it was solved.
    markDone('pods/web', new Date(0), storage);
    recordSolutionShown('pods/web', new Date(1), storage);
    expect(exerciseProgress('pods/web', storage).withSolution).toBeUndefined();
  });
});
