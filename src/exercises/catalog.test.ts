/**
 * Every exercise is solvable and not solved in advance: on a fresh cluster, after its setup
 * and some waiting at least one check fails; after its reference solution, and some time
 * later still, every check passes. Checks are awaited one by one.
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../../tests/support/session.ts';
import type { Exercise } from './exercise.ts';
import { allExercises, getExercise } from './registry.ts';
import { runChecks, type CheckOutcome } from './run-checks.ts';

/**
 * Cluster time that passes after setup (waiting alone must not solve an exercise) and after
 * the solution (a solved exercise stays solved: no sidecar that crashes a moment later).
 */
const SETTLE_MS = 30_000;

function describeOutcomes(outcomes: CheckOutcome[]): string {
  return outcomes.map((o) => `${o.passed ? 'pass' : 'FAIL'}  ${o.label}${o.detail ? ` (${o.detail})` : ''}`).join('\n');
}

async function runAll(session: Awaited<ReturnType<typeof openSession>>, lines: string[], what: string): Promise<void> {
  for (const line of lines) {
    const r = await session.run(line);
    expect(r.exitCode, `${what}: \`${line}\` printed:\n${r.output}`).toBe(0);
  }
}

describe('exercise catalogue', () => {
  const exercises = allExercises();

  it('has unique ids that getExercise finds, each with checks and a solution', () => {
    expect(exercises.length).toBeGreaterThan(0);
    for (const e of exercises) {
      expect(getExercise(e.id)).toBe(e);
      expect(e.id.startsWith(`${e.lesson}/`)).toBe(true);
      expect(e.checks.length).toBeGreaterThan(0);
      expect(e.solution.length).toBeGreaterThan(0);
    }
    expect(getExercise('no/such-exercise')).toBeUndefined();
  });

  for (const exercise of exercises as Exercise[]) {
    it(`${exercise.id}: fails after setup, passes after the solution`, { timeout: 60_000 }, async () => {
      const session = await openSession({ seed: 1 });
      await runAll(session, exercise.setup, 'setup');
      // Waiting alone must not solve it (a crash-looping Pod stays broken).
      session.cluster.advance(SETTLE_MS);
      const before = await runChecks(exercise.checks, session.cluster);
      expect(before.every((o) => o.passed), `already solved after setup:\n${describeOutcomes(before)}`).toBe(false);

      await runAll(session, exercise.solution, 'solution');
      session.cluster.advance(SETTLE_MS);
      const after = await runChecks(exercise.checks, session.cluster);
      expect(after.every((o) => o.passed), `not solved by the solution:\n${describeOutcomes(after)}`).toBe(true);
    });
  }
});
