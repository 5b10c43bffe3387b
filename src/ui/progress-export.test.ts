import { describe, expect, it } from 'vitest';
import { buildExport, importExport, mergeEntry, parseExport } from './progress-export.ts';
import { PROGRESS_KEY } from './progress-store.ts';

class MapStorage implements Storage {
  private readonly m = new Map<string, string>();
  get length(): number {
    return this.m.size;
  }
  key(i: number): string | null {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.m.set(k, String(v));
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
  clear(): void {
    this.m.clear();
  }
}

const journal = (seed: number) => ({ version: 2, seed, preset: null, time: 1796007700000, entries: [{ t: 1796007605000, line: 'kubectl run web --image=nginx:1.27' }] });

describe('progress export', () => {
  it('carries the class code, so the teacher replays on the class seeds', () => {
    const home = new MapStorage();
    const file = buildExport(home, { classCode: 'mon-9am', now: new Date('2026-12-01T22:40:00Z') });
    expect(file.class).toBe('mon-9am');
    const parsed = parseExport(JSON.stringify(file));
    expect(parsed.ok && parsed.value.class).toBe('mon-9am');
    expect('class' in buildExport(home, { now: new Date(0) })).toBe(false);
    // A code that could not have come from the page is dropped, not trusted.
    const odd = parseExport(JSON.stringify({ ...file, class: '<script>' }));
    expect(odd.ok && 'class' in odd.value).toBe(false);
  });

  it('carries progress, each exercise and lesson journal, and the name, and loads them elsewhere', () => {
    const home = new MapStorage();
    home.setItem(PROGRESS_KEY, JSON.stringify({ version: 2, exercises: { 'pods/web': { doneAt: '2026-11-30T04:12:09.120Z', hintsUsed: 1 } } }));
    home.setItem('course:term:exercise:pods/web:journal', JSON.stringify(journal(11)));
    home.setItem('course:term:en/pods#terminal:journal', JSON.stringify(journal(7)));
    home.setItem('course:term:en/pods#terminal:history', JSON.stringify(['ls']));
    const file = buildExport(home, { name: '  Ada ', now: new Date('2026-12-01T22:40:00Z') });
    expect(file.name).toBe('Ada');
    expect(Object.keys(file.exercises)).toEqual(['pods/web']);
    expect(file.exercises['pods/web']!.seed).toBe(11);
    expect(Object.keys(file.lessons)).toEqual(['en/pods#terminal']);

    const school = new MapStorage();
    school.setItem(PROGRESS_KEY, JSON.stringify({ version: 2, exercises: { 'pods/web': { startedAt: '2026-11-29T10:00:00.000Z', hintsUsed: 3 } } }));
    const parsed = parseExport(JSON.stringify(file));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(importExport(parsed.value, school, 1)).toEqual({ exercises: 1, sessions: 2 });
    expect(JSON.parse(school.getItem(PROGRESS_KEY)!).exercises['pods/web']).toEqual({
      startedAt: '2026-11-29T10:00:00.000Z',
      hintsUsed: 3,
      doneAt: '2026-11-30T04:12:09.120Z',
    });
    expect(JSON.parse(school.getItem('course:term:exercise:pods/web:journal')!).seed).toBe(11);
  });

  it('refuses what is not a progress file, or from a newer course', () => {
    expect(parseExport('{')).toEqual({ ok: false, error: 'notJson' });
    expect(parseExport('{"format":"other"}')).toEqual({ ok: false, error: 'notProgress' });
    expect(parseExport('{"format":"k8s-course-progress","version":9}')).toEqual({ ok: false, error: 'newer' });
  });

  it('drops malformed journals and entries instead of failing', () => {
    const r = parseExport(JSON.stringify({ format: 'k8s-course-progress', version: 1, progress: { version: 2, exercises: { a: { doneAt: 5 } } }, exercises: { a: { seed: 'x' } }, lessons: 3 }));
    expect(r.ok && r.value.exercises).toEqual({});
    expect(r.ok && r.value.progress.exercises).toEqual({});
  });

  it('merges two records of one exercise keeping first times and the most hints', () => {
    expect(mergeEntry({ doneAt: '2026-02-01', attempts: 2 }, { doneAt: '2026-01-01', withSolution: true, attempts: 1 })).toEqual({ doneAt: '2026-01-01', attempts: 2, withSolution: true });
  });
});
