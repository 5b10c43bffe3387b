/**
 * What a terminal's session runs on: the lesson's own cluster, or an exercise's. Both start
 * from the lesson's preset and files; an exercise gets its own seed (from its id, so every
 * learner, or every learner of a class, sees the same names) and its setup commands, and is stored under its own key, so it
 * never crowds or breaks the lesson's steps.
 */
import { seedFrom } from './code-meta.ts';
import { courseKey } from './storage.ts';
import { classExerciseSeed } from './class-code.ts';
import { activeClassCode } from './class-store.ts';

/** The lesson's settings, from #lesson-config (see layouts/LessonLayout.astro). */
export interface LessonConfig {
  lessonId: string;
  seed: number;
  preset?: string;
  files: Record<string, string>;
  exercises: string[];
}

/** One session's cluster, files, setup and storage key. */
export interface SessionSpec {
  /** localStorage key prefix (`KEY:history`, `KEY:files`, `KEY:journal`). */
  key: string;
  seed: number;
  preset?: string;
  /** Files the terminal starts with (path relative to home -> content). */
  files: Record<string, string>;
  /** The commands that prepare a fresh cluster, run quietly before the first prompt. */
  setup(): Promise<string[]>;
}

/** Reads #lesson-config (defaults from the URL when it is missing or broken). */
export function readLessonConfig(doc: Document = document): LessonConfig {
  const raw = doc.getElementById('lesson-config')?.textContent;
  const fallbackId = location.pathname.replace(/\/+$/, '') || 'home';
  try {
    const c = raw ? (JSON.parse(raw) as Partial<LessonConfig>) : {};
    return {
      lessonId: c.lessonId ?? fallbackId,
      seed: c.seed ?? seedFrom(fallbackId),
      ...(c.preset ? { preset: c.preset } : {}),
      files: c.files ?? {},
      exercises: c.exercises ?? [],
    };
  } catch {
    return { lessonId: fallbackId, seed: seedFrom(fallbackId), files: {}, exercises: [] };
  }
}

/** The lesson's terminal `terminalId`: the lesson's seed, no setup. */
export function lessonSpec(config: LessonConfig, terminalId: string): SessionSpec {
  return {
    key: courseKey(`term:${config.lessonId}#${terminalId}`),
    seed: config.seed,
    ...(config.preset ? { preset: config.preset } : {}),
    files: config.files,
    setup: async () => [],
  };
}

/**
 * The seed of an exercise's cluster: from its id, and from the class code when the reader is
 * in a class (class-code.ts), so the same for every learner of the course or of the class.
 */
export function exerciseSeed(exerciseId: string, classCode: string | undefined = activeClassCode()): number {
  return classExerciseSeed(exerciseId, classCode);
}

/**
 * An exercise's own cluster: the lesson's preset and files, the exercise's seed, then its
 * setup (`loadSetup`, which downloads only that exercise's lesson module).
 */
export function exerciseSpec(config: LessonConfig, exerciseId: string, loadSetup: () => Promise<string[]>): SessionSpec {
  return {
    key: courseKey(`term:exercise:${exerciseId}`),
    seed: exerciseSeed(exerciseId),
    ...(config.preset ? { preset: config.preset } : {}),
    files: config.files,
    setup: loadSetup,
  };
}
