/**
 * Every exercise is solvable and not solved in advance: on its own fresh cluster (seed from its
 * id, its lesson's preset and files, then its setup), after some waiting it is not done; after
 * its reference solution, and some time later still, every check passes. An exercise that asks
 * a question is not done without the right answer (the lesson modules' tests give it).
 */
import { describe, expect, it } from 'vitest';
import { describeOutcomes, exerciseSession, runLines, SETTLE_MS } from '../../tests/exercises/attempts.ts';
import type { Exercise } from './exercise.ts';
import { allExercises, getExercise } from './registry.ts';
import { checkAnswer, exerciseDone, runChecks } from './run-checks.ts';

/** Lessons whose exercises this catalogue holds to the course's rule of three or more. */
const LESSONS = ['pods', 'controllers', 'replicaset', 'deployment', 'daemonset', 'job-cronjob', 'choosing', 'lab', 'scheduling'];

describe('exercise catalogue', () => {
  const exercises = allExercises();

  it('has unique ids that getExercise finds, each with checks and a solution', () => {
    expect(exercises.length).toBeGreaterThan(0);
    for (const e of exercises) {
      expect(getExercise(e.id)).toBe(e);
      expect(e.id.startsWith(`${e.lesson}/`)).toBe(true);
      expect(e.checks.length).toBeGreaterThan(0);
      expect(e.solution.length).toBeGreaterThan(0);
      expect(e.hints.length, `${e.id} has no hints`).toBeGreaterThan(0);
      if (e.answer) expect(e.answer.prompt.trim()).not.toBe('');
    }
    expect(getExercise('no/such-exercise')).toBeUndefined();
  });

  it('gives each lesson at least three exercises', () => {
    for (const lesson of LESSONS) expect(exercises.filter((e) => e.lesson === lesson).length, lesson).toBeGreaterThanOrEqual(3);
  });

  for (const exercise of exercises as Exercise[]) {
    it(`${exercise.id}: not done after setup, checks pass after the solution`, { timeout: 60_000 }, async () => {
      const session = await exerciseSession(exercise);
      // Waiting alone must not solve it (a crash-looping Pod stays broken).
      session.cluster.advance(SETTLE_MS);
      const before = await runChecks(exercise.checks, session.cluster);
      expect(await exerciseDone(exercise, session.cluster), `already solved after setup:\n${describeOutcomes(before)}`).toBe(false);

      await runLines(session, exercise.solution, 'solution', true);
      session.cluster.advance(SETTLE_MS);
      const after = await runChecks(exercise.checks, session.cluster);
      expect(after.every((o) => o.passed), `not solved by the solution:\n${describeOutcomes(after)}`).toBe(true);
      if (exercise.answer) {
        expect((await checkAnswer(exercise.answer, session.cluster, '')).passed).toBe(false);
        expect((await checkAnswer(exercise.answer, session.cluster, 'no-such-thing')).passed).toBe(false);
      }
    });
  }
});
