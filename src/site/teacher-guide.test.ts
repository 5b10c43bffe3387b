import { describe, expect, it } from 'vitest';
import { expectedMinutes, teacherLanguages } from './teacher-guide.ts';
import { readBuildOptions } from './build-options.ts';
import { allExercises } from '../exercises/registry.ts';

const noPackage = () => '{}';

describe("the teacher's page", () => {
  it('is built only when the build asks for it', () => {
    expect(teacherLanguages(readBuildOptions({}, noPackage), ['en'])).toEqual([]);
    expect(teacherLanguages(readBuildOptions({ COURSE_TEACHER: '' }, noPackage), ['en'])).toEqual([]);
    expect(teacherLanguages(readBuildOptions({ COURSE_TEACHER: '1' }, noPackage), ['en', 'ja'])).toEqual(['en', 'ja']);
  });

  it("uses an exercise's own time, else an estimate it says is one", () => {
    expect(expectedMinutes({ minutes: 7, solution: ['a'], setup: [] })).toEqual({ minutes: 7, estimated: false });
    expect(expectedMinutes({ solution: ['a', 'b'], setup: [] })).toEqual({ minutes: 7, estimated: true });
    expect(expectedMinutes({ solution: ['a', 'b'], setup: ['x'] })).toEqual({ minutes: 10, estimated: true });
  });

  it('has a time for every exercise of the course, and wrong turns only where they are written', () => {
    for (const ex of allExercises()) {
      const { minutes } = expectedMinutes(ex);
      expect(minutes, ex.id).toBeGreaterThan(0);
      expect(minutes, ex.id).toBeLessThanOrEqual(25);
      for (const w of ex.wrongTurns ?? []) expect(w.trim().length, ex.id).toBeGreaterThan(10);
    }
    expect(allExercises().filter((e) => e.wrongTurns?.length).length).toBeGreaterThanOrEqual(7);
  });
});
