/**
 * Rebuilds a session's cluster by replaying its journal: every command line the reader ran
 * (and every file a page button wrote), at the cluster time it started, on a fresh cluster
 * made from the same seed. The simulator is deterministic, so this brings back what a
 * snapshot cannot easily hold: running containers and their logs, back-off timers, CronJob
 * schedules, controllers' queues and the random generator's position.
 *
 * Journal shape (JSON, oldest first), e.g.
 *   [{ "t": 1796007605000, "line": "kubectl run web --image=nginx" },
 *    { "t": 1796007611000, "write": { "path": "/home/learner/pod.yaml", "content": "..." } },
 *    { "t": 1796007613000, "line": "kubectl get pods -w", "interruptedAt": 1796007620000 },
 *    { "t": 1796007630000, "line": "kubectl edit deploy/web", "edits": [{ "t": 1796007652000, "text": "..." }] }]
 *
 * Fidelity: command start times are exact; a command that waited on the page resumed at the
 * page's next clock tick, while here it resumes at the timer's own time, so timestamps written
 * after a wait may differ by a fraction of a second. Output is discarded.
 */
import type { Interrupt, VirtualFS } from '../command/contract.ts';
import { clockSleep } from '../command/interrupt.ts';
import type { RunIO } from '../shell/shell.ts';
import { parse, readingDialect } from '../shell/parse.ts';
import type { Cluster } from '../sim/index.ts';
import { runInClusterTime } from './cluster-time.ts';
import { carryEdit } from './editor/line-patch.ts';
import { createTerminalShell } from './terminal.ts';

export interface JournalEntry {
  /** Cluster time (ms since epoch) when the command started or the file was written. */
  t: number;
  /** The full command text (heredoc lines included). */
  line?: string;
  /** Cluster time at which Ctrl-C stopped the command, when it did. */
  interruptedAt?: number;
  /** A file written by the page (an Apply button), not by a command. */
  write?: { path: string; content: string };
  /**
   * What the command's editor gave back, in order (`vi FILE`, `kubectl edit`): the saved text,
   * or null when the reader left without saving, and the cluster time it was given back at.
   */
  edits?: JournalEdit[];
}

/** One editor session of a journaled command (see JournalEntry.edits). */
export interface JournalEdit {
  t: number;
  text: string | null;
  /** The text the editor showed, when it was saved: a replay makes the same change to what it shows (see line-patch.ts). */
  from?: string;
}

export interface ReplayOptions {
  cluster: Cluster;
  /** Files as they were before the first entry (the lesson's files); written to by replayed commands. */
  fs: VirtualFS;
  entries: readonly JournalEntry[];
  /** Cluster time to reach at the end (the time the session was saved). */
  until: number;
  /** Lets pending promises run (a macrotask). */
  yieldToHost: () => Promise<void>;
}

/** Timers fired between two turns given to the host while the clock moves between entries. */
const TIMERS_PER_TURN = 64;

/**
 * The editor of a replayed command: gives back what the reader's editor gave, in order, each
 * at the cluster time it did (so the command goes on at the same moment); null (left without
 * saving) once the record is used up.
 */
function recordedEditor(edits: readonly JournalEdit[], clock: Cluster['clock'], interrupt: Interrupt): NonNullable<RunIO['edit']> {
  let next = 0;
  return async (request) => {
    const e = edits[next++];
    if (!e) return null;
    if (e.t > clock.now()) await clockSleep(clock, e.t - clock.now(), interrupt);
    if (typeof e.text !== 'string') return null;
    return typeof e.from === 'string' ? carryEdit(request.text, e.from, e.text) : e.text;
  };
}

/** A command still blocked after this much cluster time past its recorded end is abandoned. */
const DAY = 24 * 3_600_000;

/** Replays `entries` on `cluster` and leaves its clock at `until` (or the last entry, if later). */
export async function replayJournal(o: ReplayOptions): Promise<void> {
  const { cluster, fs } = o;
  const clock = cluster.clock;
  const { shell, loading } = createTerminalShell({ cluster, fs, yieldToHost: o.yieldToHost });
  const advanceTo = (t: number): void => {
    if (t > clock.now()) clock.advanceTo(t);
    else cluster.settle();
  };
  // The same as advanceTo, timer by timer, giving the host a turn every few timers: a long gap
  // (a week of a CronJob) must not hold a page without a turn for minutes. Firing the due
  // timers one due time at a time, then moving to `t`, fires exactly what one advanceTo(t) fires.
  const advanceYielding = async (t: number): Promise<void> => {
    // Simulator code the last command's objects need comes first: cluster time waits for it.
    await cluster.code.ready();
    if (t <= clock.now()) return cluster.settle();
    for (let fired = 1; ; fired++) {
      const next = clock.nextDue();
      if (next === undefined || next > t) break;
      clock.advanceTo(next);
      if (fired % TIMERS_PER_TURN === 0) await o.yieldToHost();
    }
    clock.advanceTo(t);
  };
  for (let i = 0; i < o.entries.length; i++) {
    const e = o.entries[i]!;
    await advanceYielding(e.t);
    if (e.write) {
      fs.write(e.write.path, e.write.content);
      continue;
    }
    if (!e.line) continue;
    const parsed = parse(e.line, true, readingDialect(shell.shopts));
    if (!parsed.ok) continue;
    const lines = e.line.split('\n').length;
    // The next command started after this one ended, so this one must end before it.
    const deadline = e.interruptedAt ?? o.entries[i + 1]?.t ?? Math.max(o.until, e.t + DAY);
    await runInClusterTime((interrupt) => shell.execute(parsed.script, { write: () => {}, interrupt, edit: recordedEditor(e.edits ?? [], clock, interrupt), lines }), {
      clock,
      loading,
      deadline: () => deadline,
      yieldToHost: o.yieldToHost,
      advanceTo,
      abandonTurns: 63,
      maxTurns: 100_000,
    });
  }
  // The replayed terminal is gone: its background jobs get SIGHUP, as at bash's exit.
  shell.hangUp();
  await advanceYielding(o.until);
}
