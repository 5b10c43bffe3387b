import { describe, expect, it } from 'vitest';
import type { EditRequest } from '../../command/contract.ts';
import { createCluster } from '../../sim/index.ts';
import { createMemoryFS } from '../../shell/fs.ts';
import { FakeTerminal } from '../../shell/fake-terminal.ts';
import { createInteractiveShell } from '../interactive-terminal.ts';
import { replayJournal, type JournalEntry } from '../replay.ts';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * A live terminal whose editor answers with `answer(request)` after `editMs` of cluster time,
 * journaling each command and each editor answer as the page does.
 */
function liveTerminal(answer: (req: EditRequest) => string | null, editMs = 20_000) {
  const cluster = createCluster({ seed: 3 });
  const fs = createMemoryFS();
  const journal: JournalEntry[] = [];
  const terminal = new FakeTerminal();
  const opened: EditRequest[] = [];
  const shell = createInteractiveShell({
    terminal,
    cluster,
    fs,
    yieldToHost: tick,
    onCommandStart: (line) => journal.push({ t: cluster.now(), line }),
    edit: (req) => {
      opened.push(req);
      const entry = journal[journal.length - 1]!;
      return new Promise((resolve) => {
        cluster.clock.setTimeout(() => {
          const text = answer(req);
          (entry.edits ??= []).push({ t: cluster.now(), text, ...(text !== null ? { from: req.text } : {}) });
          resolve(text);
        }, editMs);
      });
    },
  });
  const run = async (line: string): Promise<void> => {
    let done = false;
    void shell.runCommand(line).then(() => (done = true));
    while (!done) {
      // As a host does: cluster time stands still while the command's code loads.
      if (!shell.loading.active) cluster.advance(100);
      await tick();
    }
  };
  return { cluster, fs, journal, terminal, opened, run, shell };
}

describe('the terminal editor commands', () => {
  it("vi, vim, nano and edit write what was saved to the terminal's files; leaving without saving keeps them", async () => {
    const t = liveTerminal((req) => (req.editor === 'nano' ? null : `${req.text}saved by ${req.editor}\n`));
    await t.run('echo first > notes.txt');
    await t.run('vi notes.txt');
    await t.run('edit notes.txt');
    await t.run('nano notes.txt');
    expect(t.fs.read('/home/learner/notes.txt')).toBe('first\nsaved by vi\nsaved by edit\n');
    expect(t.opened.map((r) => [r.path, r.editor])).toEqual([
      ['/home/learner/notes.txt', 'vi'],
      ['/home/learner/notes.txt', 'edit'],
      ['/home/learner/notes.txt', 'nano'],
    ]);
    await t.run('vim new/file.yaml');
    expect(t.terminal.written).toContain('vim: new/file.yaml: No such file or directory');
  });

  it('without a keyboard (piped in) the editor is not opened', async () => {
    const t = liveTerminal(() => 'x');
    await t.run('echo hi | vi notes.txt');
    expect(t.terminal.written).toContain('vi: Input is not from a terminal');
    expect(t.opened).toHaveLength(0);
    expect(t.fs.exists('/home/learner/notes.txt')).toBe(false);
  });

  it('a replay of the journal reaches the same cluster and files, edits included', async () => {
    const t = liveTerminal((req) => (req.path.startsWith('/tmp/') ? req.text.replace('replicas: 1', 'replicas: 3') : 'hello\n'));
    await t.run('kubectl create deployment web --image=nginx:1.27');
    await t.run('kubectl edit deploy/web');
    await t.run('vi hello.txt');
    for (let i = 0; i < 50; i++) t.cluster.advance(100);
    expect(t.terminal.written).toContain('deployment.apps/web edited');
    t.shell.dispose();
    const state = (c: typeof t.cluster) =>
      c.api
        .list('replicasets.apps', { namespace: 'default' })
        .map((r) => `${r.metadata.name} ${(r.spec as { replicas: number }).replicas} ${r.metadata.creationTimestamp}`)
        .concat(c.api.list('pods', { namespace: 'default' }).map((p) => `${p.metadata.name} ${p.metadata.creationTimestamp}`));
    const cluster = createCluster({ seed: 3 });
    const fs = createMemoryFS();
    await replayJournal({ cluster, fs, entries: t.journal, until: t.cluster.now(), yieldToHost: tick });
    expect(state(cluster)).toEqual(state(t.cluster));
    expect(state(cluster).filter((l) => l.startsWith('web-'))).toHaveLength(4);
    expect(fs.toJSON()).toEqual(t.fs.toJSON());
    expect(fs.read('/home/learner/hello.txt')).toBe('hello\n');
    // A shared machine can be slow: the replay runs a few thousand simulated steps.
  }, 30_000);
});
