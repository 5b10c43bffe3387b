import { describe, expect, it } from 'vitest';
import { courseKey, keyPrefix, readStored } from './storage.ts';
import { saveSession, sessionsByAge } from './session-store.ts';
import { loadProgress, markDone, PROGRESS_KEY } from './progress-store.ts';

/** A Storage that refuses writes beyond `quota` characters in total, as a browser's does. */
class QuotaStorage implements Storage {
  private readonly data = new Map<string, string>();
  constructor(private readonly quota: number) {}
  get length(): number {
    return this.data.size;
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    let used = 0;
    for (const [key, val] of this.data) if (key !== k) used += key.length + val.length;
    if (used + k.length + v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
  clear(): void {
    this.data.clear();
  }
}

describe('storage keys', () => {
  it('keeps the root keys and separates copies under a sub-path', () => {
    expect(keyPrefix('/')).toBe('course:');
    expect(keyPrefix('/k8s/')).toBe('course@/k8s/:');
    expect(keyPrefix('/k8s')).toBe('course@/k8s/:');
    expect(courseKey('progress', '/a/')).not.toBe(courseKey('progress', '/b/'));
    expect(PROGRESS_KEY).toBe('course:progress');
  });

  it('tells damaged data from missing data', () => {
    const s = new QuotaStorage(1000);
    s.setItem('x', '{"entries": [');
    expect(readStored('x', s)).toEqual({ state: 'corrupt' });
    expect(readStored('y', s)).toEqual({ state: 'missing' });
  });
});

describe('saveSession', () => {
  const A = courseKey('term:pods#terminal');
  const B = courseKey('term:services#terminal');
  const C = courseKey('term:exercise:jobs/fix');

  it('evicts the sessions saved longest ago, never the progress, before failing', () => {
    const s = new QuotaStorage(2000);
    s.setItem(PROGRESS_KEY, JSON.stringify({ version: 2, exercises: { 'pods/web': { doneAt: '2026-11-30T04:12:09.120Z' } } }));
    expect(saveSession(A, { journal: { entries: 'a'.repeat(500) } }, s, 1).ok).toBe(true);
    expect(saveSession(B, { journal: { entries: 'b'.repeat(500) } }, s, 2).ok).toBe(true);
    expect(sessionsByAge(s)).toEqual([A, B]);

    const r = saveSession(C, { journal: { entries: 'c'.repeat(700) } }, s, 3);
    expect(r).toEqual({ ok: true, evicted: [A] });
    expect(s.getItem(`${A}:journal`)).toBeNull();
    expect(s.getItem(`${B}:journal`)).not.toBeNull();
    expect(s.getItem(PROGRESS_KEY)).toContain('pods/web');
  });

  it('fails (for the caller to say so) when nothing else can be given up, and drops the older copy', () => {
    const s = new QuotaStorage(1500);
    s.setItem(PROGRESS_KEY, JSON.stringify({ version: 2, exercises: { 'pods/web': { doneAt: '2026-11-30T04:12:09.120Z' } } }));
    expect(saveSession(A, { journal: { n: 1 } }, s, 1).ok).toBe(true);
    const r = saveSession(A, { journal: { entries: 'x'.repeat(2000) } }, s, 2);
    expect(r.ok).toBe(false);
    // A reload must not bring back the older terminal as if it were the latest.
    expect(s.getItem(`${A}:journal`)).toBeNull();
    expect(s.getItem(PROGRESS_KEY)).toContain('pods/web');
  });

  it('succeeds once the older copy of the same session is out of the way', () => {
    const s = new QuotaStorage(1200);
    expect(saveSession(A, { history: 'h'.repeat(500) }, s, 1).ok).toBe(true);
    expect(saveSession(A, { journal: 'j'.repeat(700), history: 'k'.repeat(100) }, s, 2).ok).toBe(true);
    expect(s.getItem(`${A}:journal`)).toContain('jjj');
    expect(s.getItem(`${A}:history`)).toContain('kkk');
  });

  it('counts sessions an older page saved (not in the index) as the oldest', () => {
    const s = new QuotaStorage(1200);
    s.setItem(`${B}:history`, JSON.stringify(['x'.repeat(400)]));
    expect(saveSession(A, { journal: 'a'.repeat(300) }, s, 5).ok).toBe(true);
    expect(sessionsByAge(s)).toEqual([B, A]);
    expect(saveSession(C, { journal: 'c'.repeat(400) }, s, 6)).toEqual({ ok: true, evicted: [B] });
  });

  it('removes a part given as undefined (the files once the journal holds them)', () => {
    const s = new QuotaStorage(5000);
    saveSession(A, { files: { 'a.yaml': 'x' } }, s, 1);
    saveSession(A, { journal: { endFiles: { 'a.yaml': 'x' } }, files: undefined }, s, 2);
    expect(s.getItem(`${A}:files`)).toBeNull();
  });

  it('fails without storage', () => {
    expect(saveSession(A, { journal: {} }, undefined, 1)).toEqual({ ok: false, evicted: [] });
  });
});

describe('saving progress into a full storage', () => {
  const A = courseKey('term:pods#terminal');
  const B = courseKey('term:services#terminal');

  it('gives up the oldest saved terminals first, and keeps the newer ones while there is room', () => {
    const s = new QuotaStorage(1250);
    expect(saveSession(A, { journal: { entries: 'a'.repeat(500) } }, s, 1).ok).toBe(true);
    expect(saveSession(B, { journal: { entries: 'b'.repeat(500) } }, s, 2).ok).toBe(true);
    expect(markDone('pods/web', new Date('2026-11-30T04:12:09.120Z'), s)).toBe(true);
    expect(loadProgress(s).exercises['pods/web']?.doneAt).toBe('2026-11-30T04:12:09.120Z');
    expect(s.getItem(`${A}:journal`)).toBeNull();
    expect(s.getItem(`${B}:journal`)).not.toBeNull();
  });

  it('says it failed when even an empty storage of terminals has no room', () => {
    const s = new QuotaStorage(40);
    expect(markDone('pods/web', new Date('2026-11-30T04:12:09.120Z'), s)).toBe(false);
  });
});
