import { describe, expect, it } from 'vitest';
import { createCluster } from '../../src/sim/index.ts';
import { getExercise } from '../../src/exercises/registry.ts';
import { seedFrom } from '../../src/ui/code-meta.ts';
import { verifyFile } from '../../scripts/verify/verify-export.ts';
import { formatCsv, formatTable } from '../../scripts/verify/report.ts';
import { classExerciseSeed } from '../../src/ui/class-code.ts';

const ID = 'pods/fix-db';

/** A progress file whose journal for ID ran `lines` a minute apart from the cluster's start. */
function progressFile(lines: string[], opts: { done?: boolean; seed?: number; classCode?: string } = {}): string {
  const t0 = createCluster({ seed: opts.seed ?? seedFrom(ID) }).now();
  const entries = lines.map((line, i) => ({ t: t0 + 1000 + i * 60_000, line }));
  return JSON.stringify({
    format: 'k8s-course-progress',
    version: 1,
    name: 'Ada',
    ...(opts.classCode ? { class: opts.classCode } : {}),
    exportedAt: '2026-12-01T22:40:00.000Z',
    progress: { version: 2, exercises: { [ID]: opts.done === false ? { startedAt: '2026-12-01T22:00:00.000Z' } : { doneAt: '2026-12-01T22:30:00.000Z' } } },
    exercises: { [ID]: { version: 2, seed: opts.seed ?? seedFrom(ID), preset: null, time: t0 + 1000 + lines.length * 60_000 + 120_000, entries } },
    lessons: {},
    answers: {},
  });
}

describe('npm run verify', () => {
  const exercise = getExercise(ID)!;

  it('passes a journal that solves the exercise', async () => {
    const rows = await verifyFile('ada.json', progressFile([...exercise.setup, ...exercise.solution]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ learner: 'Ada', exercise: ID, claimed: 'done', verified: true });
    expect(formatTable(rows)).toMatch(/^Ada {2}ada\.json {2}1\/1 verified\nEXERCISE +CLAIMED +VERIFIED +DETAIL\npods\/fix-db +done +yes +\d+\/\d+ checks pass/);
  }, 60_000);

  it('replays on the seed of the class the file names, and only on that one', async () => {
    const solved = [...exercise.setup, ...exercise.solution];
    const seed = classExerciseSeed(ID, 'mon-9am');
    expect(seed).not.toBe(seedFrom(ID));
    const inClass = await verifyFile('ada.json', progressFile(solved, { seed, classCode: 'mon-9am' }));
    expect(inClass[0]).toMatchObject({ exercise: ID, verified: true });
    // The class's journal with the class code removed (or another class's) is not this exercise's cluster.
    const noCode = await verifyFile('ada.json', progressFile(solved, { seed }));
    expect(noCode[0]).toMatchObject({ verified: false, detail: "journal is not from this exercise's cluster (seed or preset)" });
    const otherClass = await verifyFile('ada.json', progressFile(solved, { seed, classCode: 'tue-2pm' }));
    expect(otherClass[0]!.verified).toBe(false);
  }, 90_000);

  it('does not let a hand-edited "done" pass a journal that stops at the setup', async () => {
    const rows = await verifyFile('tampered.json', progressFile([...exercise.setup], { done: true }));
    expect(rows[0]).toMatchObject({ claimed: 'done', verified: false });
    expect(rows[0]!.detail).toMatch(/^failed: /);
  }, 60_000);

  it('refuses a journal without the setup, or from another seed', async () => {
    const noSetup = await verifyFile('x.json', progressFile([...exercise.solution]));
    expect(noSetup[0]).toMatchObject({ verified: false, detail: "journal does not start with the exercise's setup" });
    const otherSeed = await verifyFile('y.json', progressFile([...exercise.setup, ...exercise.solution], { seed: 1 }));
    expect(otherSeed[0]!.verified).toBe(false);
    expect(otherSeed[0]!.detail).toMatch(/seed/);
  }, 60_000);

  it('reports a file that is not a progress file, and writes CSV safe for spreadsheets', async () => {
    const rows = await verifyFile('notes.json', '{"hello": 1}');
    expect(rows[0]).toMatchObject({ verified: false, detail: 'not a progress file (notProgress)' });
    expect(formatCsv([{ file: 'a.json', learner: '=HYPERLINK("x")', exercise: ID, claimed: 'done', verified: false, detail: 'failed: a, b' }])).toBe(
      'file,learner,exercise,claimed,verified,detail\r\na.json,"\'=HYPERLINK(""x"")",pods/fix-db,done,no,"failed: a, b"\r\n',
    );
  });
});
