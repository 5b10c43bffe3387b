import { describe, expect, it, vi } from 'vitest';
import { nextTask, whenIdleAfterLoad } from './start-schedule.ts';
import { pauseFor, runInTasks } from './run-in-tasks.ts';

/** A window with a load state, load listeners and idle callbacks the test fires by hand. */
class FakeWindow {
  document = { readyState: 'loading' as DocumentReadyState };
  private loads = new Set<() => void>();
  idle = new Map<number, () => void>();
  private nextId = 1;
  addEventListener(_t: 'load', cb: () => void) {
    this.loads.add(cb);
  }
  removeEventListener(_t: 'load', cb: () => void) {
    this.loads.delete(cb);
  }
  requestIdleCallback(cb: () => void) {
    const id = this.nextId++;
    this.idle.set(id, cb);
    return id;
  }
  cancelIdleCallback(id: number) {
    this.idle.delete(id);
  }
  load() {
    this.document.readyState = 'complete';
    for (const cb of [...this.loads]) cb();
  }
  goIdle() {
    const cbs = [...this.idle.values()];
    this.idle.clear();
    for (const cb of cbs) cb();
  }
}

const asWindow = (w: FakeWindow) => w as unknown as Window;

describe('whenIdleAfterLoad', () => {
  it('waits for the load event, then for the browser to be idle', () => {
    const w = new FakeWindow();
    const cb = vi.fn();
    whenIdleAfterLoad(cb, asWindow(w));
    w.goIdle();
    expect(cb).not.toHaveBeenCalled();
    w.load();
    expect(cb).not.toHaveBeenCalled();
    w.goIdle();
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, waits only for idle', () => {
    const w = new FakeWindow();
    w.document.readyState = 'complete';
    const cb = vi.fn();
    whenIdleAfterLoad(cb, asWindow(w));
    w.goIdle();
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before and after load (a Run click that starts the terminal sooner)', () => {
    for (const loadFirst of [false, true]) {
      const w = new FakeWindow();
      const cb = vi.fn();
      if (loadFirst) w.document.readyState = 'complete';
      const cancel = whenIdleAfterLoad(cb, asWindow(w));
      cancel();
      w.load();
      w.goIdle();
      expect(cb).not.toHaveBeenCalled();
    }
  });
});

describe('runInTasks', () => {
  it('runs every step and resolves with the result, in more than one task when the steps take long', async () => {
    let now = 0;
    const perf = vi.spyOn(performance, 'now').mockImplementation(() => now);
    const done: number[] = [];
    function* job(): Generator<void, string, void> {
      for (let i = 0; i < 10; i++) {
        now += 4; // each step costs 4 ms
        done.push(i);
        yield;
      }
      return 'built';
    }
    let tasks = 0;
    let settled = false;
    const result = runInTasks(job(), { budgetMs: 10 }).then((v) => {
      settled = true;
      return v;
    });
    // The first task stops once its budget is used (three steps of 4 ms), then gives the thread up.
    expect(done).toEqual([0, 1, 2]);
    while (!settled) {
      await nextTask();
      tasks++;
    }
    expect(await result).toBe('built');
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tasks).toBeGreaterThanOrEqual(3);
    perf.mockRestore();
  });

  it('runs the rest of the job in the current task once the pace turns urgent (a click during an idle start)', async () => {
    let now = 0;
    const perf = vi.spyOn(performance, 'now').mockImplementation(() => now);
    const done: number[] = [];
    function* job(): Generator<void, string, void> {
      for (let i = 0; i < 10; i++) {
        now += 4;
        done.push(i);
        yield;
      }
      return 'built';
    }
    const pace = { urgent: false };
    const result = runInTasks(job(), { budgetMs: 10, pace });
    expect(done).toEqual([0, 1, 2]);
    pace.urgent = true;
    // One more task (the one already asked for), which then runs every remaining step.
    await nextTask();
    await Promise.resolve();
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await result).toBe('built');
    perf.mockRestore();
  });

  it('runs an urgent job in one task, whatever its steps cost', () => {
    let now = 0;
    const perf = vi.spyOn(performance, 'now').mockImplementation(() => now);
    let steps = 0;
    function* job(): Generator<void, number, void> {
      for (let i = 0; i < 50; i++) {
        now += 20;
        steps++;
        yield;
      }
      return steps;
    }
    void runInTasks(job(), { pace: { urgent: true } });
    expect(steps).toBe(50);
    perf.mockRestore();
  });

  it('pauses for a task at the idle pace and not at the urgent one', async () => {
    const order: string[] = [];
    const idle = pauseFor({ urgent: false }).then(() => order.push('idle'));
    const urgent = pauseFor({ urgent: true }).then(() => order.push('urgent'));
    setTimeout(() => order.push('timer'), 0);
    await Promise.all([idle, urgent]);
    expect(order[0]).toBe('urgent');
  });

  it('passes a step that throws on to the caller', async () => {
    function* job(): Generator<void, void, void> {
      yield;
      throw new Error('unknown preset "x"');
    }
    await expect(runInTasks(job())).rejects.toThrow(/unknown preset/);
  });
});
