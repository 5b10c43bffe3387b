import { describe, expect, it } from 'vitest';
import { classExerciseSeed, normalizeClassCode } from './class-code.ts';
import { activeClassCode, captureClassFromUrl, CLASS_KEY } from './class-store.ts';
import { seedFrom } from './code-meta.ts';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

const docWith = (code?: string) => ({ documentElement: { dataset: code ? { class: code } : {} } }) as unknown as Document;

describe('class codes', () => {
  it('accepts short words that travel in an address', () => {
    expect(normalizeClassCode(' mon-9am ')).toBe('mon-9am');
    expect(normalizeClassCode('K8S_2026')).toBe('K8S_2026');
    for (const bad of ['', 'a b', 'a/b', '<x>', 'x'.repeat(33), null, undefined]) expect(normalizeClassCode(bad)).toBeUndefined();
  });

  it('gives every learner of a class the same exercise seeds, other than outside the class or in another class', () => {
    expect(classExerciseSeed('pods/web')).toBe(seedFrom('pods/web'));
    expect(classExerciseSeed('pods/web', 'mon')).toBe(classExerciseSeed('pods/web', 'mon'));
    expect(classExerciseSeed('pods/web', 'mon')).not.toBe(classExerciseSeed('pods/web'));
    expect(classExerciseSeed('pods/web', 'mon')).not.toBe(classExerciseSeed('pods/web', 'tue'));
    expect(classExerciseSeed('pods/web', 'mon')).not.toBe(classExerciseSeed('pods/once', 'mon'));
    expect(classExerciseSeed('pods/web', 'mon')).toBeGreaterThan(0);
  });

  it('remembers ?class=CODE, forgets it with ?class=, and ignores addresses without it', () => {
    const storage = new MemoryStorage();
    captureClassFromUrl('?class=mon-9am', storage);
    expect(activeClassCode(docWith(), storage)).toBe('mon-9am');
    captureClassFromUrl('?other=1', storage);
    expect(activeClassCode(docWith(), storage)).toBe('mon-9am');
    captureClassFromUrl('?class=bad%20code', storage);
    expect(storage.getItem(CLASS_KEY)).toBeNull();
    captureClassFromUrl('?class=tue', storage);
    captureClassFromUrl('?class=', storage);
    expect(activeClassCode(docWith(), storage)).toBeUndefined();
  });

  it('lets a code built into the site win over a remembered one', () => {
    const storage = new MemoryStorage();
    captureClassFromUrl('?class=mine', storage);
    expect(activeClassCode(docWith('built-in'), storage)).toBe('built-in');
  });
});
