import { describe, expect, it } from 'vitest';
import { storedTheme, THEME_KEY } from './theme.ts';
import { doneCount } from './sidebar.ts';

const storage = (v: string | null, throws = false) =>
  ({
    getItem: (k: string) => {
      if (throws) throw new Error('denied');
      return k === THEME_KEY ? v : null;
    },
  }) as unknown as Storage;

describe('the remembered theme', () => {
  it('is light or dark, else the system setting applies', () => {
    expect(storedTheme(storage('dark'))).toBe('dark');
    expect(storedTheme(storage('light'))).toBe('light');
    expect(storedTheme(storage(null))).toBeUndefined();
    expect(storedTheme(storage('purple'))).toBeUndefined();
    expect(storedTheme(storage('dark', true))).toBeUndefined();
    expect(storedTheme(undefined)).toBeUndefined();
  });

  it('uses the key the inline script in the page head reads', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('src/layouts/BaseLayout.astro', 'utf8')).toContain(`localStorage.getItem('${THEME_KEY}')`);
  });
});

describe('lesson progress counts', () => {
  it('counts the done exercises among a lesson’s', () => {
    const done = new Set(['pods/web', 'pods/once']);
    expect(doneCount(['pods/web', 'pods/pair', 'pods/once', 'pods/fix-db'], (id) => done.has(id))).toBe(2);
    expect(doneCount([], () => true)).toBe(0);
  });
});
