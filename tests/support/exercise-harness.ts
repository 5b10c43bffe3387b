/**
 * For the exercise tests of the Services and Cluster DNS lessons: runs an exercise's setup and
 * then other commands (an alternative solution, a near miss) on a fresh cluster, and reports
 * whether every check passes.
 */
import { openSession } from './session.ts';
import type { Exercise } from '../../src/exercises/exercise.ts';
import { runChecks } from '../../src/exercises/run-checks.ts';

/** Runs setup, then `commands`, waits 30 s of cluster time; true when every check passes. */
export async function solvedBy(exercise: Exercise, commands: string[]): Promise<{ solved: boolean; report: string }> {
  const session = await openSession({ seed: 1 });
  for (const line of [...exercise.setup, ...commands]) {
    const r = await session.run(line);
    if (r.exitCode !== 0) throw new Error(`\`${line}\` exited ${r.exitCode}:\n${r.output}`);
  }
  session.cluster.advance(30_000);
  const outcomes = await runChecks(exercise.checks, session.cluster);
  return { solved: outcomes.every((o) => o.passed), report: outcomes.map((o) => `${o.passed ? 'pass' : 'FAIL'} ${o.label}${o.detail ? ` (${o.detail})` : ''}`).join('\n') };
}
