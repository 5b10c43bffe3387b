/**
 * What the teacher's page shows, computed at build time: whether the page is built at all
 * (only with COURSE_TEACHER=1), and each exercise's expected time.
 */
import type { Exercise } from '../exercises/exercise.ts';
import type { BuildOptions } from './build-options.ts';

/** The languages to build the teacher's page for: none unless the build asks for it. */
export function teacherLanguages<L extends string>(options: Pick<BuildOptions, 'teacher'>, langs: L[]): L[] {
  return options.teacher ? langs : [];
}

/**
 * Minutes a first-time learner needs: the exercise's own figure, else an estimate from the
 * work it asks for (a few minutes to read and start, two per solution command, more when
 * there is something broken to find first).
 */
export function expectedMinutes(ex: Pick<Exercise, 'minutes' | 'solution' | 'setup'>): { minutes: number; estimated: boolean } {
  if (ex.minutes !== undefined) return { minutes: ex.minutes, estimated: false };
  const minutes = Math.min(25, 3 + 2 * ex.solution.length + (ex.setup.length > 0 ? 3 : 0));
  return { minutes, estimated: true };
}
