/**
 * The pieces of a session that are not about the screen: the saved journal's shape (see the
 * layout in session.ts), the host's two ways of yielding, and running a setup line without
 * making the reader wait for its waits.
 */
import type { Cluster } from '../sim/index.ts';
import type { InteractiveShell, JournalEntry } from '../host/index.ts';

export const JOURNAL_VERSION = 2;
/** Journals longer than this are not saved (a reload then starts fresh rather than replaying for long). */
export const MAX_JOURNAL_ENTRIES = 5000;

/** What `KEY:journal` holds. */
export interface SavedJournal {
  version: number;
  seed: number;
  preset: string | null;
  time: number;
  entries: JournalEntry[];
  /** The files when the journal began (after a reset that kept the reader's files); default the lesson's. */
  files?: Record<string, string>;
  /** The terminal's files when this was saved (stored in the same write as the entries). */
  endFiles?: Record<string, string>;
}

/** True for a well-formed journal entry (a stored one may have been damaged or edited). */
export function isJournalEntry(x: unknown): x is JournalEntry {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const e = x as Record<string, unknown>;
  if (typeof e.t !== 'number' || !Number.isFinite(e.t)) return false;
  if (e.line !== undefined && typeof e.line !== 'string') return false;
  if (e.interruptedAt !== undefined && typeof e.interruptedAt !== 'number') return false;
  if (e.edits !== undefined) {
    if (!Array.isArray(e.edits)) return false;
    for (const x of e.edits as unknown[]) {
      const edit = x as Record<string, unknown> | null;
      if (typeof edit !== 'object' || edit === null || typeof edit.t !== 'number' || (edit.text !== null && typeof edit.text !== 'string') || (edit.from !== undefined && typeof edit.from !== 'string')) return false;
    }
  }
  if (e.write !== undefined) {
    const w = e.write as Record<string, unknown> | null;
    if (typeof w !== 'object' || w === null || typeof w.path !== 'string' || typeof w.content !== 'string') return false;
  }
  return true;
}

/** Lets the page paint and take keys (Ctrl-C) during long scripts and pastes. */
export const yieldToHost = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A macrotask without setTimeout's 4 ms clamp, for replaying a journal quickly. */
export const fastYield = (): Promise<void> =>
  new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });

/**
 * Runs a setup line on a quiet shell, moving the clock through its waits at once (as a
 * fast-forward would): preparing an exercise should not make the reader wait. `loading` holds
 * the clock while a command fetches code it loads on first use.
 */
export async function runSkippingWaits(shell: InteractiveShell, cluster: Cluster, line: string, loading: () => boolean): Promise<void> {
  let done = false;
  const run = shell.runCommand(line).finally(() => (done = true));
  const limit = cluster.now() + 3_600_000;
  for (let idle = 0; !done && idle < 20; ) {
    await fastYield();
    if (done || loading()) continue;
    const next = cluster.clock.nextDue();
    if (next === undefined || next > limit) {
      idle++;
      continue;
    }
    idle = 0;
    cluster.clock.advanceTo(Math.max(next, cluster.now()));
  }
  await run;
}

/** True for a `{path: content}` record of strings. */
export function isStringRecord(x: unknown): x is Record<string, string> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
}

/** True when both hold the same files with the same contents. */
export function sameFiles(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}
