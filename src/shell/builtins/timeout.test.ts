import { describe, expect, it } from 'vitest';
import { Cluster } from '../../sim/index.ts';
import { createCodeLoading } from '../../command/code-loading.ts';
import { createBuiltins } from '../commands.ts';
import { createMemoryFS } from '../fs.ts';
import { InterruptController, clockSleep } from '../../command/interrupt.ts';
import { Shell } from '../shell.ts';

/**
 * Runs `src`, moving cluster time forward half a second per event-loop turn until it finishes,
 * holding it while a builtin's code loads, as every host does.
 */
async function run(src: string): Promise<{ out: string; elapsed: number }> {
  const cluster = new Cluster({ seed: 1 });
  const loading = createCodeLoading();
  const shell = new Shell({ fs: createMemoryFS(), commands: createBuiltins(() => cluster.clock.now()), sleep: (ms, i) => clockSleep(cluster.clock, ms, i), loading });
  let out = '';
  let done = false;
  const start = cluster.clock.now();
  const p = shell.run(src, { interrupt: new InterruptController(), write: (t) => (out += t) }).then(() => (done = true));
  for (let turns = 0; !done && turns < 1000; ) {
    await new Promise((r) => setImmediate(r));
    if (done) break;
    // A cold module load can take many event-loop turns; they are not cluster time.
    if (loading.active) continue;
    cluster.clock.advance(500);
    turns++;
  }
  await p;
  return { out, elapsed: cluster.clock.now() - start };
}

describe('timeout', () => {
  it('interrupts a command that runs too long and exits 124', async () => {
    const r = await run('timeout 2 sleep 10; echo "status $?"');
    expect(r.out).toBe('status 124\n');
    expect(r.elapsed).toBeLessThan(4000);
  });
  it("returns the command's own status when it finishes in time", async () => {
    expect((await run('timeout 5 sleep 1; echo "status $?"')).out).toBe('status 0\n');
    expect((await run('timeout 5 false; echo "status $?"')).out).toBe('status 1\n');
  });
  it('rejects a bad duration or a missing command with status 125', async () => {
    expect((await run('timeout x sleep 1; echo "status $?"')).out).toBe("timeout: invalid time interval 'x'\nTry 'timeout --help' for more information.\nstatus 125\n");
    expect((await run('timeout 5; echo "status $?"')).out).toBe("timeout: missing operand\nTry 'timeout --help' for more information.\nstatus 125\n");
  });
});
