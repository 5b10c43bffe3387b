/**
 * Streamed pipelines: the stages of a pipeline run at the same time, so a reader that reads
 * as data arrives (grep, head, cat, `while read`) prints as the writer writes, and a reader
 * that stops (`head -1`, `grep -q`) stops its writer at the writer's next write, quietly, with
 * status 141 for the writer (SIGPIPE), as `${PIPESTATUS[@]}` shows.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../command/contract.ts';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from '../cli/transcript.ts';

/** `events`: a watch-like writer that prints a line every 2 s from clock callbacks (as `kubectl get -w` writes from watch events). */
function watcher(cluster: Cluster, lines: string[]): Command {
  return async (_args, ctx) => {
    ctx.streaming();
    let k = 0;
    const tick = (): void => {
      if (k >= lines.length || ctx.interrupt.interrupted) return;
      ctx.stdout(lines[k++]! + '\n');
      cluster.clock.setTimeout(tick, 2000);
    };
    tick();
    await new Promise<void>((resolve) => ctx.interrupt.onInterrupt(resolve));
    return 0;
  };
}

/** `yes`, as a writer that writes forever in chunks until it is stopped. */
const yes: Command = async (_args, ctx) => {
  while (!ctx.interrupt.interrupted) {
    ctx.stdout('y\n'.repeat(512));
    await null;
  }
  return 130;
};

const EVENTS = ['NAME    READY   STATUS', 'web-1   0/1     Pending', 'db-0    0/1     Pending', 'web-1   1/1     Running', 'db-0    1/1     Running'];

async function transcript(lines: string): Promise<{ text: string; at: [number, string][] }> {
  const cluster = new Cluster({ seed: 1 });
  const start = cluster.now();
  const at: [number, string][] = [];
  const text = await runTranscript(lines, {
    cluster,
    commands: { events: watcher(cluster, EVENTS), yes },
    onOutput: (t) => at.push([cluster.now() - start, t]),
  });
  return { text, at };
}

describe('streamed pipelines', () => {
  it('prints what grep lets through as the writer writes it', async () => {
    const { text, at } = await transcript('events | grep web');
    expect(text).toBe('$ events | grep web\nweb-1   0/1     Pending\nweb-1   1/1     Running\n');
    // The second match comes when its event does (6 s in), not when the stream is stopped (10 s).
    expect(at.find(([, t]) => t.includes('Running'))?.[0]).toBe(6000);
  });

  it('streams through cat and a while-read loop too', async () => {
    const { text, at } = await transcript('events | cat | while read name ready status; do echo "$name is $status"; done');
    expect(text).toBe(
      '$ events | cat | while read name ready status; do echo "$name is $status"; done\nNAME is STATUS\nweb-1 is Pending\ndb-0 is Pending\nweb-1 is Running\ndb-0 is Running\n',
    );
    expect(at.find(([, t]) => t.startsWith('db-0 is Running'))?.[0]).toBe(8000);
  });

  it('ends yes | head -1 and gives the writer status 141', async () => {
    const { text } = await transcript('yes | head -1; echo "${PIPESTATUS[@]}"\nyes | head -c 5; echo " ${PIPESTATUS[0]}"');
    expect(text).toBe('$ yes | head -1; echo "${PIPESTATUS[@]}"\ny\n141 0\n$ yes | head -c 5; echo " ${PIPESTATUS[0]}"\ny\ny\ny 141\n');
  });

  it("stops the writer when grep -q has its match, at the writer's next write", async () => {
    const { text, at } = await transcript('events | grep -q Running; echo "${PIPESTATUS[@]}"\nyes | grep -q y; echo $?');
    expect(text).toBe('$ events | grep -q Running; echo "${PIPESTATUS[@]}"\n141 0\n$ yes | grep -q y; echo $?\n0\n');
    // Running comes at 6 s; the writer dies when it writes next, at 8 s.
    expect(at.find(([, t]) => t.startsWith('141'))?.[0]).toBe(8000);
  });

  it('stops a writer writing from callbacks without throwing into them', async () => {
    const { text } = await transcript('events | head -2; echo "${PIPESTATUS[@]}"');
    expect(text).toBe('$ events | head -2; echo "${PIPESTATUS[@]}"\nNAME    READY   STATUS\nweb-1   0/1     Pending\n141 0\n');
  });

  it('lets a reader that needs all its input wait for the writer to finish', async () => {
    const { text } = await transcript('seq 5 | sort -r | head -2\nseq 3 | { read first; cat; echo "first=$first"; }');
    expect(text).toBe('$ seq 5 | sort -r | head -2\n5\n4\n$ seq 3 | { read first; cat; echo "first=$first"; }\n2\n3\nfirst=1\n');
  });

  it('ends an endless loop feeding head (no memory grows)', async () => {
    const { text } = await transcript('while true; do seq 1 1000000; done | head -1; echo done');
    expect(text).toBe('$ while true; do seq 1 1000000; done | head -1; echo done\n1\ndone\n');
  });
});
