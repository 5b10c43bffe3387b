/**
 * Saving a terminal's session so that a full storage is met the way a learner would want:
 * first the sessions of the lessons they have not opened for the longest time are given up
 * (they can be rebuilt by running the lesson again), never the learner's progress, and only
 * when nothing is left to give up does the save fail (the caller then says so in the terminal);
 * the session's own older copy is then removed too, so that a reload never brings back an
 * older terminal as if it were the latest.
 *
 * A session is a key prefix (`course:term:pods#terminal`) with parts under it
 * (`:journal`, `:files`, `:history`). When each session was last saved is kept under
 * `<prefix>sessions` as `{"course:term:pods#terminal": 1796007700000, ...}` (wall-clock ms);
 * sessions found in storage but missing there (saved by an older page) count as the oldest.
 */
import { courseKey, readJSON, removeKey, writeJSON } from './storage.ts';

/** The parts a session may store. */
export const SESSION_PARTS = ['journal', 'files', 'history'] as const;
export type SessionPart = (typeof SESSION_PARTS)[number];

const indexKey = (): string => courseKey('sessions');
const sessionPrefix = (): string => courseKey('term:');

function readIndex(storage: Storage): Record<string, number> {
  const raw = readJSON(indexKey(), storage);
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'number') out[k] = v;
  }
  return out;
}

/** Every session in storage (from the index and from the keys themselves), oldest first. */
export function sessionsByAge(storage: Storage): string[] {
  const index = readIndex(storage);
  const found = new Set(Object.keys(index));
  const prefix = sessionPrefix();
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (!k?.startsWith(prefix)) continue;
    const part = SESSION_PARTS.find((p) => k.endsWith(`:${p}`));
    if (part) found.add(k.slice(0, -part.length - 1));
  }
  return [...found].sort((a, b) => (index[a] ?? 0) - (index[b] ?? 0));
}

/** Removes every part of `session` and its index entry. */
export function forgetSession(session: string, storage: Storage): void {
  for (const p of SESSION_PARTS) removeKey(`${session}:${p}`, storage);
  const index = readIndex(storage);
  if (session in index) {
    delete index[session];
    writeJSON(indexKey(), index, storage);
  }
}

/**
 * Writes `parts` of `session` (undefined removes a part), evicting the oldest other sessions
 * while the storage refuses. Returns the sessions evicted and whether everything was written.
 */
export function saveSession(
  session: string,
  parts: Partial<Record<SessionPart, unknown>>,
  storage: Storage | undefined,
  now: number,
): { ok: boolean; evicted: string[] } {
  const evicted: string[] = [];
  if (!storage) return { ok: false, evicted };
  const writeAll = (): boolean => {
    for (const p of SESSION_PARTS) {
      if (!(p in parts)) continue;
      const v = parts[p];
      if (v === undefined) removeKey(`${session}:${p}`, storage);
      else if (!writeJSON(`${session}:${p}`, v, storage)) return false;
    }
    const index = readIndex(storage);
    index[session] = now;
    return writeJSON(indexKey(), index, storage);
  };
  while (!writeAll()) {
    const victim = sessionsByAge(storage).find((s) => s !== session);
    if (!victim) {
      // The older copies of what could not be written would bring back an older terminal
      // after a reload, as if this one had been saved: they go, and the save is reported failed.
      for (const p of SESSION_PARTS) if (p in parts) removeKey(`${session}:${p}`, storage);
      return { ok: writeAll(), evicted };
    }
    forgetSession(victim, storage);
    evicted.push(victim);
  }
  return { ok: true, evicted };
}
