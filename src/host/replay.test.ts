import { describe, expect, it } from 'vitest';
import { createCluster } from '../sim/index.ts';
import { createMemoryFS } from '../shell/fs.ts';
import { createInteractiveShell } from './interactive-terminal.ts';
import { replayJournal, type JournalEntry } from './replay.ts';
import { FakeTerminal } from '../shell/fake-terminal.ts';
import { advanceHeld } from '../../tests/support/held-clock.ts';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Runs `lines` interactively on a live cluster, advancing its clock like the page's driver. */
async function liveSession(lines: string[]): Promise<{ journal: JournalEntry[]; pods: string[]; until: number; files: Record<string, string> }> {
  const cluster = createCluster({ seed: 5 });
  const fs = createMemoryFS();
  const journal: JournalEntry[] = [];
  const terminal = new FakeTerminal();
  const shell = createInteractiveShell({
    terminal,
    cluster,
    fs,
    yieldToHost: tick,
    onCommandStart: (line) => journal.push({ t: cluster.now(), line }),
    onInterrupt: () => {
      const last = journal[journal.length - 1];
      if (last) last.interruptedAt = cluster.now();
    },
  });
  for (const line of lines) {
    const run = shell.runCommand(line);
    // A driver: 100 ms ticks until the command is done, holding while code loads, as the page's does.
    const held = { cluster, loading: shell.loading, tick };
    let done = false;
    void run.then(() => (done = true));
    while (!done) {
      if (!shell.loading.active) cluster.advance(100);
      await tick();
    }
    await advanceHeld(held, 2000);
  }
  shell.dispose();
  const pods = cluster.api.list('pods', { namespace: 'default' }).map((p) => `${p.metadata.name} ${p.status?.phase} ${p.metadata.uid}`);
  return { journal, pods, until: cluster.now(), files: fs.toJSON() };
}

describe('replayJournal', () => {
  it('rebuilds the same cluster and files from the journal of a live session', async () => {
    const live = await liveSession([
      'kubectl create deployment web --image=nginx:1.25 --replicas=2',
      'kubectl run once --image=busybox --restart=Never -- sh -c "echo hi; sleep 3"',
      'sleep 5',
      "cat > pod.yaml <<'EOF'\napiVersion: v1\nkind: Pod\nmetadata:\n  name: from-file\nspec:\n  containers:\n  - name: c\n    image: nginx:1.25\nEOF",
      'kubectl apply -f pod.yaml',
      'kubectl delete pod once',
    ]);
    expect(live.journal.length).toBe(6);
    const cluster = createCluster({ seed: 5 });
    const fs = createMemoryFS();
    await replayJournal({ cluster, fs, entries: live.journal, until: live.until, yieldToHost: tick });
    const pods = cluster.api.list('pods', { namespace: 'default' }).map((p) => `${p.metadata.name} ${p.status?.phase} ${p.metadata.uid}`);
    expect(cluster.now()).toBe(live.until);
    expect(pods).toEqual(live.pods);
    expect(pods.some((p) => p.startsWith('from-file Running'))).toBe(true);
    expect(fs.toJSON()).toEqual(live.files);
  });

  it('stops a streaming command at the time it was interrupted', async () => {
    const cluster = createCluster({ seed: 5 });
    const start = cluster.now();
    const entries: JournalEntry[] = [
      { t: start + 1000, line: 'kubectl get pods -w', interruptedAt: start + 60_000 },
      { t: start + 61_000, line: 'kubectl run late --image=nginx' },
    ];
    await replayJournal({ cluster, fs: createMemoryFS(), entries, until: start + 70_000, yieldToHost: tick });
    const late = cluster.api.get('pods', 'default', 'late');
    expect(Date.parse(late.metadata.creationTimestamp!)).toBe(Math.floor((start + 61_000) / 1000) * 1000);
    expect(cluster.now()).toBe(start + 70_000);
  });
});

describe('replayJournal over a long gap', () => {
  it('gives the host turns while the clock crosses it, and ends where one advance would', async () => {
    const line = "kubectl create cronjob tick --image=busybox:1.36 --schedule='*/10 * * * *' -- date";
    const start = createCluster({ seed: 3 }).now();
    const until = start + 2 * 3_600_000;
    const snapshot = (c: ReturnType<typeof createCluster>): string => JSON.stringify(c.snapshot());

    const replayed = createCluster({ seed: 3 });
    let turns = 0;
    await replayJournal({ cluster: replayed, fs: createMemoryFS(), entries: [{ t: start, line }], until, yieldToHost: () => (turns++, tick()) });

    // The same command replayed up to its own start, then two hours in one synchronous advance.
    const direct = createCluster({ seed: 3 });
    await replayJournal({ cluster: direct, fs: createMemoryFS(), entries: [{ t: start, line }], until: start, yieldToHost: tick });
    let directTurns = 0;
    direct.clock.advanceTo(until);
    expect(direct.now()).toBe(until);
    expect(replayed.now()).toBe(until);
    expect(snapshot(replayed)).toBe(snapshot(direct));
    expect(replayed.store.count('pods')).toBeGreaterThan(0);
    // Many more turns than the command itself needs: the gap was crossed in steps.
    await replayJournal({ cluster: createCluster({ seed: 3 }), fs: createMemoryFS(), entries: [{ t: start, line }], until: start, yieldToHost: () => (directTurns++, tick()) });
    expect(turns).toBeGreaterThan(directTurns + 3);
  }, 30_000);
});
