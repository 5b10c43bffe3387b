import { describe, expect, it } from 'vitest';
import type { Command } from '../command/contract.ts';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from './transcript.ts';
import { readCase } from './transcript-file.ts';

const bare = (): Cluster => new Cluster({ seed: 1 });

describe('runTranscript', () => {
  it('echoes commands and continuation lines, then their output', async () => {
    const out = await runTranscript('echo hi\n\ncat <<EOF\nbody\n\nEOF\n', { cluster: bare() });
    expect(out).toBe('$ echo hi\nhi\n$ cat <<EOF\n> body\n>\n> EOF\nbody\n\n');
  });
  it('moves cluster time only while a command waits, plus the step per command', async () => {
    const cluster = bare();
    const out = await runTranscript('date +%T\nsleep 30\ndate +%T\n', { cluster, stepMs: 1000 });
    expect(out).toBe('$ date +%T\n03:00:00\n$ sleep 30\n$ date +%T\n03:00:32\n');
  });
  it('interrupts a streaming command after the stream limit', async () => {
    const cluster = bare();
    const out = await runTranscript('watch -n 4 date +%T\ndate +%T\n', { cluster, streamLimitMs: 10_000 });
    expect(out).toBe(
      '$ watch -n 4 date +%T\nEvery 4.0s: date +%T\n\n03:00:00\nEvery 4.0s: date +%T\n\n03:00:04\nEvery 4.0s: date +%T\n\n03:00:08\n$ date +%T\n03:00:11\n',
    );
  });
  it('interrupts a command blocked with nothing pending, and gives up on one that ignores it', async () => {
    const commands: Record<string, Command> = {
      wait: async (_args, ctx) => {
        await new Promise<void>((resolve) => ctx.interrupt.onInterrupt(resolve));
        ctx.stdout('interrupted\n');
        return 130;
      },
      hang: () => new Promise(() => {}),
    };
    const out = await runTranscript('wait\nhang\necho after\n', { cluster: bare(), commands });
    expect(out).toBe('$ wait\ninterrupted\n$ hang\n$ echo after\nafter\n');
  });
  it('stops a busy loop that never waits, showing ^C', async () => {
    expect(await runTranscript('while true; do :; done\necho next\n', { cluster: bare(), busyTurns: 300 })).toBe('$ while true; do :; done\n^C\n$ echo next\nnext\n');
    expect(await runTranscript('while true; do echo -n y; done\n', { cluster: bare(), busyTurns: 30 })).toMatch(/^\$ while true; do echo -n y; done\ny+\^C\n$/);
  });
  it('lets a long loop that never waits finish', async () => {
    const out = await runTranscript('for i in $(seq 1 20000); do echo $i; done | tail -1\n', { cluster: bare() });
    expect(out).toBe('$ for i in $(seq 1 20000); do echo $i; done | tail -1\n20000\n');
  }, 30_000);
  it('interrupts a command still running after a day of cluster time, showing ^C', async () => {
    const cluster = bare();
    const out = await runTranscript('while true; do sleep 600; done\ndate +%T\n', { cluster });
    expect(out).toBe('$ while true; do sleep 600; done\n^C\n$ date +%T\n03:00:01\n');
  });
  it('interrupts a loop that waits a little each time after its turn budget, showing ^C', async () => {
    const out = await runTranscript('while true; do sleep 0.001; done\ndate +%T\n', { cluster: bare(), maxTurns: 2_000 });
    expect(out).toMatch(/^\$ while true; do sleep 0\.001; done\n\^C\n\$ date \+%T\n03:00:0\d\n$/);
  });
  it('streams its output as it is written', async () => {
    const seen: string[] = [];
    const out = await runTranscript('echo a\nsleep 5\necho b\n', { cluster: bare(), onOutput: (t) => seen.push(t) });
    expect(seen.join('')).toBe(out);
    expect(seen.indexOf('a\n')).toBeLessThan(seen.indexOf('$ echo b\n'));
  });
  it('reports a simulator failure during a command in one line and goes on', async () => {
    const cluster = bare();
    const commands: Record<string, Command> = {
      buggy: async (_args, ctx) => {
        cluster.clock.setTimeout(() => {
          throw new Error('controller bug');
        }, 1_000);
        await ctx.sleep(5_000);
        return 0;
      },
    };
    expect(await runTranscript('buggy\necho next\n', { cluster, commands })).toBe('$ buggy\nbash: internal error: controller bug\n$ echo next\nnext\n');
  });
  it('ends a command that throws with one line and goes on', async () => {
    const commands: Record<string, Command> = { boom: () => Promise.reject(new TypeError('x is not a function')) };
    const out = await runTranscript('boom\necho next\n', { cluster: bare(), commands });
    expect(out).toBe('$ boom\nbash: internal error\n$ echo next\nnext\n');
  });
  it('reports an unterminated quote at end of input like bash', async () => {
    expect(await runTranscript('echo "oops\n', { cluster: bare() })).toBe('$ echo "oops\nbash: unexpected EOF while looking for matching `"\'\n');
  });
  it('stops at exit', async () => {
    expect(await runTranscript('echo a\nexit\necho b\n', { cluster: bare() })).toBe('$ echo a\na\n$ exit\n');
  });
  it('ends output that lacks a final newline', async () => {
    expect(await runTranscript('echo -n x\necho y\n', { cluster: bare() })).toBe('$ echo -n x\nx\n$ echo y\ny\n');
  });
  it('starts with the given files', async () => {
    expect(await runTranscript('cat pod.yaml\n', { cluster: bare(), files: { 'pod.yaml': 'kind: Pod\n' } })).toBe('$ cat pod.yaml\nkind: Pod\n');
  });
});

describe('readCase', () => {
  it('reads the header and rebuilds the input from $ and > lines', () => {
    const c = readCase('# seed: 7\n$ cat <<EOF\n> a\n>\n> EOF\na\n\n$ echo hi\nhi\n');
    expect(c).toEqual({ seed: 7, preset: undefined, ips: false, input: 'cat <<EOF\na\n\nEOF\necho hi\n', expected: '$ cat <<EOF\n> a\n>\n> EOF\na\n\n$ echo hi\nhi\n' });
  });
});
