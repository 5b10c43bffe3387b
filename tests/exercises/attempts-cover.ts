/**
 * Test helper: a lesson's attempt list covers every exercise of the lesson with at least one
 * other correct solution and one near-miss, except where the lesson's test says why none exists.
 */
import { expect, it } from 'vitest';
import type { Attempt } from './attempts.ts';
import { allExercises } from '../../src/exercises/registry.ts';

/** Registers a test that `attempts` covers each exercise of `lesson` (ids in `without` excused). */
export function expectAttemptsCover(lesson: string, attempts: Record<string, Attempt[]>, without: Record<string, string> = {}): void {
  it(`covers every exercise of ${lesson} with another solution and a near-miss`, () => {
    for (const e of allExercises().filter((x) => x.lesson === lesson)) {
      if (e.id in without) continue;
      const list = attempts[e.id] ?? [];
      expect(list.some((a) => a.passes), `${e.id}: no other correct solution`).toBe(true);
      expect(list.some((a) => !a.passes), `${e.id}: no near-miss`).toBe(true);
    }
  });
}
