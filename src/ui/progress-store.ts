/**
 * What the reader did with each exercise, kept in localStorage so lessons and the home page
 * show it after a reload: when it was started, how many hints were opened, whether the
 * solution was shown, how many times "Check my work" was pressed, and when it was done.
 *
 * Stored under the key `course:progress` (one key for the whole course), as JSON:
 *
 *   {
 *     "version": 2,
 *     "exercises": {
 *       "pods/web":    { "doneAt": "2026-11-30T04:12:09.120Z" },
 *       "pods/fix-db": { "startedAt": "2026-11-30T04:13:00.000Z", "hintsUsed": 2, "attempts": 1,
 *                        "solutionShownAt": "2026-11-30T04:20:00.000Z",
 *                        "doneAt": "2026-11-30T04:20:41.003Z", "withSolution": true }
 *     }
 *   }
 *
 * - Every field of an entry is optional; an exercise never touched is absent.
 * - `doneAt`: when its checks (and its answer, if it asks one) first all passed. Completion is
 *   sticky: resetting the cluster does not undo it (the reader did it once).
 * - `withSolution`: the solution had been shown before it was done ("solved with the solution").
 *
 * Lifecycle: read on page load (small scripts mark lists and exercises), written as the reader
 * starts, asks for hints, shows the solution, checks and completes, and by other tabs (the
 * `storage` event keeps pages in step).
 *
 * Migration: `version` says how to read the rest. Version 1 (`{doneAt}` entries only) reads as
 * version 2 unchanged. A value without a version, with an unknown future version, or that is
 * not JSON is treated as "no progress" and replaced on the next write (never thrown on); a
 * value that is not JSON at all is first copied to `course:progress:damaged`. When
 * the shape changes, bump VERSION and convert older versions in `migrate` instead of dropping
 * them: readers' progress is the one thing they would miss.
 */
import { courseKey, localStore, readJSON, readStored, writeJSON } from './storage.ts';
import { forgetSession, sessionsByAge } from './session-store.ts';

/** `course:progress` (under a sub-path `course@/base/:progress`, see storage.ts). */
export const PROGRESS_KEY = courseKey('progress');
const VERSION = 2;

/** One exercise's record. */
export interface ExerciseProgress {
  startedAt?: string;
  hintsUsed?: number;
  attempts?: number;
  solutionShownAt?: string;
  doneAt?: string;
  withSolution?: boolean;
}

export interface Progress {
  version: 2;
  exercises: Record<string, ExerciseProgress>;
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** Keeps the well-formed fields of a stored entry; undefined when none is left. */
function cleanEntry(v: unknown): ExerciseProgress | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const out: ExerciseProgress = {};
  if (isString(r.startedAt)) out.startedAt = r.startedAt;
  if (isCount(r.hintsUsed)) out.hintsUsed = r.hintsUsed;
  if (isCount(r.attempts)) out.attempts = r.attempts;
  if (isString(r.solutionShownAt)) out.solutionShownAt = r.solutionShownAt;
  if (isString(r.doneAt)) out.doneAt = r.doneAt;
  if (r.withSolution === true) out.withSolution = true;
  return Object.keys(out).length ? out : undefined;
}

/** Reads any stored shape into the current one (empty progress when unreadable). */
export function migrate(raw: unknown): Progress {
  const empty: Progress = { version: VERSION, exercises: {} };
  if (typeof raw !== 'object' || raw === null) return empty;
  const r = raw as { version?: unknown; exercises?: unknown };
  if ((r.version !== 1 && r.version !== 2) || typeof r.exercises !== 'object' || r.exercises === null) return empty;
  const exercises: Progress['exercises'] = Object.create(null) as Progress['exercises'];
  for (const [id, v] of Object.entries(r.exercises as Record<string, unknown>)) {
    // Version 1 entries are `{doneAt}`: a subset of version 2's.
    const entry = cleanEntry(v);
    if (entry) exercises[id] = entry;
  }
  return { version: VERSION, exercises };
}

/** Where a damaged progress value is kept (once) before it is replaced, so it can still be recovered. */
export const DAMAGED_PROGRESS_KEY = courseKey('progress:damaged');

/** Copies a stored progress value that cannot be read aside before the first write replaces it. */
function keepDamaged(storage: Storage | undefined = localStore()): void {
  if (readStored(PROGRESS_KEY, storage).state !== 'corrupt') return;
  try {
    const raw = storage?.getItem(PROGRESS_KEY);
    if (raw != null && storage?.getItem(DAMAGED_PROGRESS_KEY) == null) storage?.setItem(DAMAGED_PROGRESS_KEY, raw);
  } catch {
    /* no room: the write below says whether anything could be kept */
  }
}

/** Current progress. */
export function loadProgress(storage?: Storage): Progress {
  return migrate(readJSON(PROGRESS_KEY, storage));
}

/** The record of one exercise (empty when never touched). */
export function exerciseProgress(id: string, storage?: Storage): ExerciseProgress {
  const p = loadProgress(storage);
  return Object.hasOwn(p.exercises, id) ? p.exercises[id]! : {};
}

/** True when the exercise has been completed at least once. */
export function isDone(id: string, storage?: Storage): boolean {
  return exerciseProgress(id, storage).doneAt !== undefined;
}

/**
 * Writes the progress record. A full storage first gives up the saved terminals of the lessons
 * opened longest ago (they can be rebuilt by running the lesson again): the learner's progress
 * outranks them. False when even that did not make room.
 */
function writeProgress(p: Progress, storage: Storage | undefined = localStore()): boolean {
  if (writeJSON(PROGRESS_KEY, p, storage)) return true;
  if (!storage) return false;
  for (const session of sessionsByAge(storage)) {
    forgetSession(session, storage);
    if (writeJSON(PROGRESS_KEY, p, storage)) return true;
  }
  return false;
}

/** Changes one exercise's record with `change` and saves; false when storage refused. */
export function updateExercise(id: string, change: (e: ExerciseProgress) => ExerciseProgress, storage?: Storage): boolean {
  const p = loadProgress(storage);
  const before = Object.hasOwn(p.exercises, id) ? p.exercises[id]! : {};
  const after = change({ ...before });
  if (JSON.stringify(after) === JSON.stringify(before)) return true;
  p.exercises[id] = after;
  keepDamaged(storage);
  const ok = writeProgress(p, storage);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail: id }));
  return ok;
}

/** Records a completion (keeps the first time, and whether the solution had been shown). */
export function markDone(id: string, when: Date = new Date(), storage?: Storage): boolean {
  return updateExercise(
    id,
    (e) => (e.doneAt ? e : { ...e, doneAt: when.toISOString(), ...(e.solutionShownAt ? { withSolution: true } : {}) }),
    storage,
  );
}

/** Records that the exercise was started (first time kept). */
export function markStarted(id: string, when: Date = new Date(), storage?: Storage): boolean {
  return updateExercise(id, (e) => (e.startedAt ? e : { ...e, startedAt: when.toISOString() }), storage);
}

/** Records that `count` hints are open (the count never goes down). */
export function recordHints(id: string, count: number, storage?: Storage): boolean {
  return updateExercise(id, (e) => (count > (e.hintsUsed ?? 0) ? { ...e, hintsUsed: count } : e), storage);
}

/** Records a "Check my work" attempt. */
export function recordAttempt(id: string, storage?: Storage): boolean {
  return updateExercise(id, (e) => ({ ...e, attempts: (e.attempts ?? 0) + 1 }), storage);
}

/** Records that the solution was shown (first time kept). */
export function recordSolutionShown(id: string, when: Date = new Date(), storage?: Storage): boolean {
  return updateExercise(id, (e) => (e.solutionShownAt ? e : { ...e, solutionShownAt: when.toISOString() }), storage);
}

/** Fired on window after this tab changes progress. */
export const PROGRESS_EVENT = 'course:progress';

/** Calls `cb` when progress changes in this tab or another one; returns unsubscribe. */
export function onProgressChange(cb: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === PROGRESS_KEY || e.key === null) cb();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(PROGRESS_EVENT, cb);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(PROGRESS_EVENT, cb);
  };
}
