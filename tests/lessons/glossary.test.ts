/**
 * The glossary and the lessons agree: every glossary link in a lesson (`../../glossary/#id`)
 * names an entry, every entry's lesson exists, and each lesson of the course links to the
 * glossary at least once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossary } from '../../content/glossary/en.ts';

const DIR = join(import.meta.dirname, '../../content/lessons/en');
const LESSONS = readdirSync(DIR).filter((f) => f.endsWith('.mdx'));
const IDS = new Set(glossary.map((e) => e.id));

describe('glossary', () => {
  it('has unique anchors, each for a lesson that exists', () => {
    expect(IDS.size).toBe(glossary.length);
    const slugs = LESSONS.map((f) => f.replace(/\.mdx$/, ''));
    for (const e of glossary) expect(slugs, e.id).toContain(e.lesson);
  });

  for (const file of LESSONS) {
    const text = readFileSync(join(DIR, file), 'utf8');
    it(`${file}: every glossary link names an entry`, () => {
      const anchors = [...text.matchAll(/\]\(\.\.\/\.\.\/glossary\/#([\w-]+)\)/g)].map((m) => m[1]!);
      expect(anchors.filter((a) => !IDS.has(a))).toEqual([]);
    });
  }

  for (const file of LESSONS) {
    it(`${file}: links within the course are relative, so they work under any base path`, () => {
      const text = readFileSync(join(DIR, file), 'utf8');
      expect([...text.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1])).toEqual([]);
    });
  }

  it('is linked from the lessons', () => {
    for (const slug of ['pods', 'controllers', 'replicaset', 'deployment', 'daemonset', 'job-cronjob', 'choosing', 'lab', 'scheduling']) {
      expect(readFileSync(join(DIR, `${slug}.mdx`), 'utf8'), slug).toMatch(/\]\(\.\.\/\.\.\/glossary\/#/);
    }
  });
});
