import { describe, expect, it } from 'vitest';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastUpdated } from './last-updated.ts';

describe('lastUpdated', () => {
  it('dates a committed lesson by its last commit', () => {
    const d = lastUpdated('content/lessons/en/pods.mdx');
    expect(d).toBeInstanceOf(Date);
    expect(d!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('falls back to the modification time of a file git does not know', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'last-updated-')), 'lesson.mdx');
    writeFileSync(file, '---\n---\n');
    const when = new Date('2026-03-04T05:06:07Z');
    utimesSync(file, when, when);
    expect(lastUpdated(file)?.toISOString()).toBe(when.toISOString());
  });

  it('has no date for a missing file or no file', () => {
    expect(lastUpdated('content/lessons/en/no-such-lesson.mdx')).toBeUndefined();
    expect(lastUpdated(undefined)).toBeUndefined();
  });
});
