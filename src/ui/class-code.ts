/**
 * The class code: a short word a teacher gives a class (`?class=CODE` in the address, or
 * built in with `COURSE_CLASS=CODE npm run build`). Every learner with the same code gets the
 * same exercise clusters (seeds derived from the code and the exercise id, so the same Pod
 * names and IPs as on the teacher's projector), and the code travels in the progress file so
 * `npm run verify` replays on those seeds.
 *
 * Lesson terminals keep the lesson's own seed with or without a code: the outputs printed in
 * the lesson text are that seed's, and they are already the same for everyone.
 *
 * A code from the address is remembered (under the course's storage prefix); `?class=` with
 * nothing after it forgets it. A code built into the site wins over both.
 */
import { seedFrom } from './code-meta.ts';

/** The code as stored and shown (trimmed), or undefined when it is not a valid code. */
export function normalizeClassCode(raw: string | null | undefined): string | undefined {
  const code = (raw ?? '').trim();
  return /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code : undefined;
}

/** An exercise's seed: from its id alone, or from the class code and its id. */
export function classExerciseSeed(exerciseId: string, classCode?: string): number {
  return classCode ? seedFrom(`class:${classCode}/${exerciseId}`) : seedFrom(exerciseId);
}
