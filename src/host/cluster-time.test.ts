import { describe, expect, it } from 'vitest';
import { createCodeLoading } from '../command/code-loading.ts';
import { clockSleep } from '../command/interrupt.ts';
import { SimClock } from '../sim/clock/clock.ts';
import { runInClusterTime, type ClusterTimeOptions } from './cluster-time.ts';

const macrotask = (): Promise<void> => new Promise((r) => setImmediate(r));

function setup(extra: Partial<ClusterTimeOptions> = {}) {
  const clock = new SimClock(0);
  const loading = createCodeLoading();
  const opts: ClusterTimeOptions = { clock, loading, deadline: () => 60_000, yieldToHost: macrotask, ...extra };
  return { clock, loading, opts };
}

describe('runInClusterTime', () => {
  it('advances timer by timer while the command waits, never past what it needs', async () => {
    const { clock, opts } = setup();
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 2_500);
    clock.setTimeout(() => fired.push(clock.now()), 90_000);
    const r = await runInClusterTime(async (i) => ((await clockSleep(clock, 3_100, i)) ? 0 : 130), opts);
    expect(r).toEqual({ kind: 'finished', status: 0 });
    expect(fired).toEqual([2_500]);
    expect(clock.now()).toBe(3_100);
  });

  it('holds cluster time while the command loads code', async () => {
    const { clock, loading, opts } = setup();
    let release!: () => void;
    const code = new Promise<void>((r) => (release = r));
    clock.setTimeout(() => {}, 1_000);
    const run = runInClusterTime(async () => {
      await loading.loadCode(code);
      return clock.now();
    }, opts);
    for (let i = 0; i < 20; i++) await macrotask();
    expect(clock.now()).toBe(0);
    release();
    expect(await run).toEqual({ kind: 'finished', status: 0 });
  });

  it('interrupts at the deadline, after advancing to it', async () => {
    const { clock, opts } = setup({ deadline: () => 10_000 });
    const ticks: number[] = [];
    const r = await runInClusterTime(async (i) => {
      while (await clockSleep(clock, 4_000, i)) ticks.push(clock.now());
      return 130;
    }, opts);
    expect(r).toEqual({ kind: 'finished', status: 130, interruptedBy: 'deadline' });
    expect(ticks).toEqual([4_000, 8_000]);
    expect(clock.now()).toBe(10_000);
  });

  it('interrupts a command nothing can wake, and gives up on one that ignores Ctrl-C', async () => {
    const { opts } = setup();
    const blocked = await runInClusterTime((i) => new Promise((resolve) => i.onInterrupt(() => resolve(130))), opts);
    expect(blocked).toEqual({ kind: 'finished', status: 130, interruptedBy: 'blocked' });
    const deaf = await runInClusterTime(() => new Promise(() => {}), { ...opts, abandonTurns: 3 });
    expect(deaf).toEqual({ kind: 'abandoned', interruptedBy: 'blocked' });
  });

  it('interrupts a command that stays busy without waiting, and reports one that throws', async () => {
    let busy = true;
    const { opts } = setup({ busy: () => busy, busyTurns: 5 });
    let turns = 0;
    const r = await runInClusterTime(async (i) => {
      while (!i.interrupted) {
        turns++;
        await macrotask();
      }
      busy = false;
      return 130;
    }, opts);
    expect(r).toEqual({ kind: 'finished', status: 130, interruptedBy: 'busy' });
    expect(turns).toBeLessThan(10);
    const failed = await runInClusterTime(() => Promise.reject(new Error('boom')), setup().opts);
    expect(failed.kind).toBe('failed');
  });

  it('ends the command as failed when the simulator throws while time moves', async () => {
    const { clock, opts } = setup();
    clock.setTimeout(() => {
      throw new Error('controller bug');
    }, 1_000);
    let interrupted = false;
    const r = await runInClusterTime(async (i) => {
      interrupted = !(await clockSleep(clock, 5_000, i));
      return 0;
    }, opts);
    expect(r.kind).toBe('failed');
    expect(r.kind === 'failed' && String(r.error)).toBe('Error: controller bug');
    await macrotask();
    expect(interrupted).toBe(true);
  });
});
