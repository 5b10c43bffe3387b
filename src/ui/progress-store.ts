/**
 * Which exercises the reader has completed, kept in localStorage so the lesson and the home
 * page can show "Done" after a reload.
 *
 * Stored under the key `course:progress` (one key for the whole course), as JSON:
 *
 *   {
 *     "version": 1,
 *     "exercises": {
 *       "pods/web":  { "doneAt": "2026-11-30T04:12:09.120Z" },
 *       "pods/pair": { "doneAt": "2026-11-30T04:20:41.003Z" }
 *     }
 *   }
 *
 * - `exercises` maps an exercise id (as in `<Exercise id="...">`) to when its checks first all
 *   passed (wall-clock ISO time). An exercise that is not done is absent.
 * - Completion is sticky: resetting the cluster does not undo it (the reader did it once).
 *
 * Lifecycle: read on page load (small scripts mark lists and checklists), written when an
 * exercise's checks all pass, and by other tabs (the `storage` event keeps pages in step).
 *
 * Migration: `version` says how to read the rest. A value without a version, with an unknown
 * future version, or that is not JSON is treated as "no progress" and replaced on the next
 * write (never thrown on). When the shape changes, bump VERSION and convert older versions in
 * `migrate` instead of dropping them: readers' progress is the one thing they would miss.
 */
import { readJSON, writeJSON } from './storage.ts';

export const PROGRESS_KEY = 'course:progress';
const VERSION = 1;

export interface ProgressV1 {
  version: 1;
  exercises: Record<string, { doneAt: string }>;
}

/** Reads any stored shape into the current one (empty progress when unreadable). */
export function migrate(raw: unknown): ProgressV1 {
  const empty: ProgressV1 = { version: VERSION, exercises: {} };
  if (typeof raw !== 'object' || raw === null) return empty;
  const r = raw as { version?: unknown; exercises?: unknown };
  if (r.version !== 1 || typeof r.exercises !== 'object' || r.exercises === null) return empty;
  const exercises: ProgressV1['exercises'] = {};
  for (const [id, v] of Object.entries(r.exercises as Record<string, unknown>)) {
    const doneAt = (v as { doneAt?: unknown } | null)?.doneAt;
    if (typeof doneAt === 'string') exercises[id] = { doneAt };
  }
  return { version: 1, exercises };
}

/** Current progress. */
export function loadProgress(storage?: Storage): ProgressV1 {
  return migrate(readJSON(PROGRESS_KEY, storage));
}

/** True when the exercise has been completed at least once. */
export function isDone(id: string, storage?: Storage): boolean {
  return Object.hasOwn(loadProgress(storage).exercises, id);
}

/** Records a completion (keeps the first time); returns false when storage refused. */
export function markDone(id: string, when: Date = new Date(), storage?: Storage): boolean {
  const p = loadProgress(storage);
  if (p.exercises[id]) return true;
  p.exercises[id] = { doneAt: when.toISOString() };
  const ok = writeJSON(PROGRESS_KEY, p, storage);
  window.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail: id }));
  return ok;
}

/** Fired on window after this tab records a completion. */
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
