/**
 * Each lesson of the course's core follows the course's shape: it opens with its goals, what it
 * assumes and the time it takes, asks the reader to predict at least once before running, has
 * at least three exercises, and ends with a recap.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractLesson } from './extract.ts';

const DIR = join(import.meta.dirname, '../../content/lessons/en');
/** Every lesson of the course, so a new one cannot skip the shape. */
const LESSONS = readdirSync(DIR)
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => name.slice(0, -'.mdx'.length))
  .sort();

describe('lesson structure', () => {
  it('covers the whole course', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(17);
  });

  for (const slug of LESSONS) {
    const text = readFileSync(join(DIR, `${slug}.mdx`), 'utf8');
    it(`${slug}: goals, assumptions and time up front, a prediction, three exercises, a recap at the end`, () => {
      const body = text.slice(text.indexOf('\n---', 3) + 4);
      const firstSection = body.indexOf('\n## ');
      const opening = body.slice(0, firstSection);
      expect(opening).toMatch(/\*\*In this (lesson|lab)\*\*/);
      expect(opening).toMatch(/\*\*You need\*\*/);
      expect(opening).toMatch(/\*\*Time:\*\*/);
      expect(text).toMatch(/<Predict q="[^"]+">/);
      expect(extractLesson(text).exerciseIds.length).toBeGreaterThanOrEqual(3);
      const sections = [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(['Recap', 'What you proved']).toContain(sections.at(-1));
    });
  }
});
