/**
 * Test helper: an exercise on its own cluster, as the page builds it (seed from the exercise
 * id, the lesson's preset and files, then the setup), and attempts at solving it: the
 * reference solution, other correct solutions that must pass, and near-misses that must not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openSession, type Session } from '../support/session.ts';
import { extractLesson } from '../lessons/extract.ts';
import { declaredFiles, seedFrom } from '../../src/ui/code-meta.ts';
import type { Exercise } from '../../src/exercises/exercise.ts';
import { checkAnswer, runChecks, type CheckOutcome } from '../../src/exercises/run-checks.ts';

/** One way of going at an exercise: shell lines, then (for a question) an answer. */
export interface Attempt {
  /** What the attempt does, for the test's name. */
  name: string;
  solution: string[];
  /** The answer typed into the question's input, when the exercise asks one. */
  answer?: string;
  /** Whether this attempt solves the exercise. */
  passes: boolean;
}

/**
 * Cluster time that passes after setup (waiting alone must not solve an exercise) and after
 * an attempt (a solved exercise stays solved: no sidecar that crashes a moment later).
 */
export const SETTLE_MS = 30_000;

const LESSONS = join(import.meta.dirname, '../../content/lessons/en');

/** A fresh session for `exercise`, set up as the page sets up its cluster. */
export async function exerciseSession(exercise: Exercise): Promise<Session> {
  const source = readFileSync(join(LESSONS, `${exercise.lesson}.mdx`), 'utf8');
  const fm = extractLesson(source).frontmatter;
  const files = { ...declaredFiles(source), ...((fm.files ?? {}) as Record<string, string>) };
  const session = await openSession({ seed: seedFrom(exercise.id), ...(typeof fm.preset === 'string' ? { preset: fm.preset } : {}), files });
  await runLines(session, exercise.setup, 'setup', true);
  return session;
}

/** Runs `lines`; with `mustSucceed`, each must exit 0. */
export async function runLines(session: Session, lines: readonly string[], what: string, mustSucceed: boolean): Promise<void> {
  for (const line of lines) {
    const r = await session.run(line);
    if (mustSucceed) expect(r.exitCode, `${what}: \`${line}\` printed:\n${r.output}`).toBe(0);
  }
}

/** The checklist as text, for failure messages. */
export function describeOutcomes(outcomes: readonly CheckOutcome[]): string {
  return outcomes.map((o) => `${o.passed ? 'pass' : 'FAIL'}  ${o.label}${o.detail ? ` (${o.detail})` : ''}`).join('\n');
}

/**
 * Sets the exercise up, checks that it is not solved after some waiting, runs the attempt,
 * waits, and expects it solved (checks and answer) exactly when `attempt.passes`.
 */
export async function tryAttempt(exercise: Exercise, attempt: Attempt): Promise<void> {
  const session = await exerciseSession(exercise);
  session.cluster.advance(SETTLE_MS);
  // Not done before anything is typed (a question counts as unanswered).
  const before = await runChecks(exercise.checks, session.cluster);
  const answeredBefore = exercise.answer ? (await checkAnswer(exercise.answer, session.cluster, '')).passed : true;
  expect(before.every((o) => o.passed) && answeredBefore, `already solved after setup:\n${describeOutcomes(before)}`).toBe(false);

  // A near-miss may fail part-way; a correct solution must run cleanly.
  await runLines(session, attempt.solution, attempt.name, attempt.passes);
  session.cluster.advance(SETTLE_MS);
  const after = await runChecks(exercise.checks, session.cluster);
  let answered = true;
  let answerDetail = '';
  if (exercise.answer) {
    const r = await checkAnswer(exercise.answer, session.cluster, attempt.answer ?? '');
    answered = r.passed;
    answerDetail = r.detail ?? '';
  }
  const solved = after.every((o) => o.passed) && answered;
  expect(solved, `${attempt.name}: expected ${attempt.passes ? 'solved' : 'not solved'}:\n${describeOutcomes(after)}${exercise.answer ? `\nanswer: ${answered ? 'right' : `wrong (${answerDetail})`}` : ''}`).toBe(attempt.passes);
}
