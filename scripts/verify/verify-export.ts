/**
 * Checks a progress file (see src/ui/progress-export.ts) the way the course would: for each
 * exercise it holds, a fresh cluster from the exercise's own seed and its lesson's preset and
 * files, the journal replayed on it (src/host/replay.ts), then the exercise's checks. What the
 * file claims ("done") is reported beside the result and never taken for it: editing the file
 * cannot turn a failing journal into a pass, because the checks run on the replayed cluster.
 * A journal must also start with the exercise's own setup, so deleting the setup (the broken
 * state a break-and-fix exercise starts from) is caught too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createClusterWhenReady } from '../../src/sim/index.ts';
import { createMemoryFS, replayJournal, type JournalEntry } from '../../src/host/index.ts';
import { getExercise } from '../../src/exercises/registry.ts';
import { exerciseDone, runChecks } from '../../src/exercises/run-checks.ts';
import { declaredFiles } from '../../src/ui/code-meta.ts';
import { classExerciseSeed } from '../../src/ui/class-code.ts';
import { isReadOnlyLine } from '../../src/ui/read-only-command.ts';
import { isJournalEntry } from '../../src/ui/session-journal.ts';
import { parseExport, type ExportedJournal, type ProgressExport } from '../../src/ui/progress-export.ts';

/** One row of the report. */
export interface VerifyRow {
  file: string;
  learner: string;
  exercise: string;
  /** What the file says: done, in progress, or nothing. */
  claimed: 'done' | 'started' | '';
  /** Whether replaying the journal passes the exercise's checks. */
  verified: boolean;
  /** Why not (or which checks passed). */
  detail: string;
}

const LESSONS = join(import.meta.dirname, '../../content/lessons/en');

/** The lesson's preset and files, as the page gives an exercise's cluster. */
function lessonContext(lesson: string): { preset?: string; files: Record<string, string> } {
  const source = readFileSync(join(LESSONS, `${lesson}.mdx`), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source.replace(/\r\n?/g, '\n'));
  const fm = (m ? parseYaml(m[1]!) : {}) as { preset?: unknown; files?: Record<string, string> };
  return { ...(typeof fm.preset === 'string' ? { preset: fm.preset } : {}), files: { ...declaredFiles(source), ...(fm.files ?? {}) } };
}

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * Replays one exercise's journal and runs its checks. The cluster must be the one the page
 * gave the exercise: the seed from its id, or from the class code the file names.
 */
export async function verifyExercise(
  id: string,
  journal: ExportedJournal | undefined,
  answer: string | undefined,
  classCode?: string,
): Promise<{ verified: boolean; detail: string }> {
  const exercise = getExercise(id);
  if (!exercise) return { verified: false, detail: 'no such exercise in this course' };
  if (!journal) return { verified: false, detail: 'no journal in the file' };
  const ctx = lessonContext(exercise.lesson);
  if (journal.seed !== classExerciseSeed(id, classCode) || (journal.preset ?? undefined) !== ctx.preset) return { verified: false, detail: "journal is not from this exercise's cluster (seed or preset)" };
  if (!journal.entries.every(isJournalEntry)) return { verified: false, detail: 'journal has malformed entries' };
  const entries = journal.entries as JournalEntry[];
  const setup = exercise.setup.filter((l) => !isReadOnlyLine(l));
  const lines = entries.filter((e) => e.line !== undefined).map((e) => e.line);
  if (setup.some((l, i) => lines[i] !== l)) return { verified: false, detail: "journal does not start with the exercise's setup" };
  const cluster = await createClusterWhenReady({ seed: journal.seed, ...(ctx.preset ? { preset: ctx.preset } : {}) });
  const files = journal.files && typeof journal.files === 'object' ? journal.files : ctx.files;
  try {
    await replayJournal({ cluster, fs: createMemoryFS(files), entries, until: journal.time, yieldToHost: turn });
  } catch (e) {
    return { verified: false, detail: `journal could not be replayed (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
  const outcomes = await runChecks(exercise.checks, cluster);
  const failed = outcomes.filter((o) => !o.passed);
  if (failed.length) return { verified: false, detail: `failed: ${failed.map((o) => o.label).join('; ')}` };
  if (exercise.answer && !(await exerciseDone(exercise, cluster, answer))) return { verified: false, detail: 'checks pass; the answer to the question is missing or wrong' };
  return { verified: true, detail: `${outcomes.length}/${outcomes.length} checks pass` };
}

/** Every exercise the file mentions (in its progress or with a journal), verified. */
export async function verifyFile(file: string, text: string): Promise<VerifyRow[]> {
  const parsed = parseExport(text);
  if (!parsed.ok) return [{ file, learner: '', exercise: '', claimed: '', verified: false, detail: `not a progress file (${parsed.error})` }];
  const x: ProgressExport = parsed.value;
  const ids = [...new Set([...Object.keys(x.progress.exercises), ...Object.keys(x.exercises)])].sort();
  const rows: VerifyRow[] = [];
  for (const id of ids) {
    const p = x.progress.exercises[id];
    const claimed = p?.doneAt ? 'done' : p ? 'started' : '';
    rows.push({ file, learner: x.name ?? '', exercise: id, claimed, ...(await verifyExercise(id, x.exercises[id], x.answers[id], x.class)) });
  }
  return rows;
}
