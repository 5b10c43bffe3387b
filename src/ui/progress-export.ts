/**
 * The progress file a learner downloads from the progress page and loads on another machine,
 * and that a teacher checks offline with `npm run verify`. It carries what the reader did
 * (progress-store.ts) and, for each exercise and lesson terminal, the evidence: its seed and
 * command journal, from which the same cluster can be rebuilt and checked again.
 *
 *   {
 *     "format": "k8s-course-progress", "version": 1,
 *     "name": "Ada",                               (optional, as the learner typed it)
 *     "class": "k8s-monday",                       (optional: the class code, see class-code.ts;
 *                                                   the exercises' seeds derive from it)
 *     "exportedAt": "2026-12-01T22:40:00.000Z",
 *     "progress": { "version": 2, "exercises": { "pods/web": { "doneAt": "..." } } },
 *     "exercises": { "pods/web": <a saved journal, see session.ts> },
 *     "lessons":   { "en/pods#terminal": <a saved journal> },
 *     "answers":   { "services/which-port": "8080" }   (what the reader typed for questions)
 *   }
 *
 * A saved journal is `{version, seed, preset, time, entries, files?, endFiles?}`.
 */
import { migrate, type ExerciseProgress, type Progress, PROGRESS_KEY } from './progress-store.ts';
import { courseKey, readJSON, writeJSON } from './storage.ts';
import { saveSession } from './session-store.ts';
import { normalizeClassCode } from './class-code.ts';

export const EXPORT_FORMAT = 'k8s-course-progress';
export const EXPORT_VERSION = 1;

/** One session's saved journal, as stored (checked loosely: replay checks the rest). */
export interface ExportedJournal {
  version: number;
  seed: number;
  preset: string | null;
  time: number;
  entries: unknown[];
  files?: Record<string, string>;
  endFiles?: Record<string, string>;
}

export interface ProgressExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  name?: string;
  /** The class code the exercises ran under (their seeds derive from it). */
  class?: string;
  exportedAt: string;
  progress: Progress;
  exercises: Record<string, ExportedJournal>;
  lessons: Record<string, ExportedJournal>;
  answers: Record<string, string>;
}

const EXERCISE_PREFIX = 'exercise:';

function isJournal(x: unknown): x is ExportedJournal {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const j = x as Record<string, unknown>;
  return typeof j.version === 'number' && typeof j.seed === 'number' && typeof j.time === 'number' && Array.isArray(j.entries);
}

/** Everything this course has stored, as an export. */
export function buildExport(storage: Storage, opts: { name?: string; classCode?: string | undefined; now: Date }): ProgressExport {
  const classCode = normalizeClassCode(opts.classCode);
  const out: ProgressExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    ...(opts.name?.trim() ? { name: opts.name.trim().slice(0, 200) } : {}),
    ...(classCode ? { class: classCode } : {}),
    exportedAt: opts.now.toISOString(),
    progress: migrate(readJSON(PROGRESS_KEY, storage)),
    exercises: {},
    lessons: {},
    answers: {},
  };
  const answerPrefix = courseKey('answer:');
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (!k?.startsWith(answerPrefix)) continue;
    const answer = readJSON(k, storage);
    if (typeof answer === 'string') out.answers[k.slice(answerPrefix.length)] = answer;
  }
  const prefix = courseKey('term:');
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (!k?.startsWith(prefix) || !k.endsWith(':journal')) continue;
    const journal = readJSON(k, storage);
    if (!isJournal(journal)) continue;
    const id = k.slice(prefix.length, -':journal'.length);
    if (id.startsWith(EXERCISE_PREFIX)) out.exercises[id.slice(EXERCISE_PREFIX.length)] = journal;
    else out.lessons[id] = journal;
  }
  return out;
}

/** Reads a progress file; an error message (for the page) when it is not one. */
export function parseExport(text: string): { ok: true; value: ProgressExport } | { ok: false; error: 'notJson' | 'notProgress' | 'newer' } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'notJson' };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== EXPORT_FORMAT) return { ok: false, error: 'notProgress' };
  const r = raw as Record<string, unknown>;
  if (typeof r.version !== 'number' || r.version > EXPORT_VERSION) return { ok: false, error: 'newer' };
  const journals = (x: unknown): Record<string, ExportedJournal> => {
    const o: Record<string, ExportedJournal> = Object.create(null) as Record<string, ExportedJournal>;
    if (typeof x === 'object' && x !== null) for (const [k, v] of Object.entries(x)) if (isJournal(v)) o[k] = v;
    return o;
  };
  const strings = (x: unknown): Record<string, string> => {
    const o: Record<string, string> = Object.create(null) as Record<string, string>;
    if (typeof x === 'object' && x !== null) for (const [k, v] of Object.entries(x)) if (typeof v === 'string') o[k] = v;
    return o;
  };
  return {
    ok: true,
    value: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      ...(typeof r.name === 'string' && r.name.trim() ? { name: r.name.trim().slice(0, 200) } : {}),
      ...(typeof r.class === 'string' && normalizeClassCode(r.class) ? { class: normalizeClassCode(r.class)! } : {}),
      exportedAt: typeof r.exportedAt === 'string' ? r.exportedAt : '',
      progress: migrate(r.progress),
      exercises: journals(r.exercises),
      lessons: journals(r.lessons),
      answers: strings(r.answers),
    },
  };
}

const earliest = (a?: string, b?: string): string | undefined => (a && b ? (a < b ? a : b) : (a ?? b));
const most = (a?: number, b?: number): number | undefined => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

/** Two records of one exercise as one: first times, most hints and attempts, solution shown if either. */
export function mergeEntry(a: ExerciseProgress, b: ExerciseProgress): ExerciseProgress {
  const out: ExerciseProgress = {};
  const set = <K extends keyof ExerciseProgress>(k: K, v: ExerciseProgress[K] | undefined): void => {
    if (v !== undefined) out[k] = v;
  };
  set('startedAt', earliest(a.startedAt, b.startedAt));
  set('hintsUsed', most(a.hintsUsed, b.hintsUsed));
  set('attempts', most(a.attempts, b.attempts));
  set('solutionShownAt', earliest(a.solutionShownAt, b.solutionShownAt));
  set('doneAt', earliest(a.doneAt, b.doneAt));
  if (a.withSolution || b.withSolution) out.withSolution = true;
  return out;
}

/**
 * Loads an export into this browser: progress merged with what is here, the exported
 * terminals' journals written over this browser's (the imported work is what the learner
 * carried here to go on with). Returns what was written, or false when storage refused.
 */
export function importExport(value: ProgressExport, storage: Storage, now: number): { exercises: number; sessions: number } | false {
  const here = migrate(readJSON(PROGRESS_KEY, storage));
  for (const [id, entry] of Object.entries(value.progress.exercises)) {
    here.exercises[id] = Object.hasOwn(here.exercises, id) ? mergeEntry(here.exercises[id]!, entry) : entry;
  }
  if (!writeJSON(PROGRESS_KEY, here, storage)) return false;
  let sessions = 0;
  const put = (id: string, journal: ExportedJournal): void => {
    if (saveSession(courseKey(`term:${id}`), { journal, files: undefined }, storage, now).ok) sessions++;
  };
  for (const [id, j] of Object.entries(value.exercises)) put(`${EXERCISE_PREFIX}${id}`, j);
  for (const [id, j] of Object.entries(value.lessons)) put(id, j);
  for (const [id, a] of Object.entries(value.answers)) writeJSON(courseKey(`answer:${id}`), a, storage);
  return { exercises: Object.keys(value.progress.exercises).length, sessions };
}
