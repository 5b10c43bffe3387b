import { describe, expect, it } from 'vitest';
import { loadExercise, lessonModuleNames } from './by-lesson.ts';
import { allExercises } from './registry.ts';

describe('loadExercise', () => {
  it('finds every exercise of the catalogue, the same object, through its lesson module', async () => {
    for (const e of allExercises()) expect(await loadExercise(e.id), e.id).toBe(e);
  });

  it('knows only lesson modules that hold exercises of the catalogue', () => {
    const prefixes = new Set(allExercises().map((e) => e.id.slice(0, e.id.indexOf('/'))));
    expect(lessonModuleNames().sort()).toEqual([...prefixes].sort());
  });

  it('answers undefined for unknown ids', async () => {
    expect(await loadExercise('pods/no-such-exercise')).toBeUndefined();
    expect(await loadExercise('nope/web')).toBeUndefined();
    expect(await loadExercise('constructor/x')).toBeUndefined();
    expect(await loadExercise('pods')).toBeUndefined();
  });
});
