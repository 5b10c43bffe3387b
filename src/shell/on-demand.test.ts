import { describe, expect, it } from 'vitest';
import type { Command, ExecContext } from './exec.ts';
import { isLoadingBuiltin, onFirstUse } from './on-demand.ts';

/** Just enough of an ExecContext for commands that only write. */
function context(): { ctx: ExecContext; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const ctx = { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) } as unknown as ExecContext;
  return { ctx, out, err };
}

describe('onFirstUse', () => {
  it('loads once, reports loading meanwhile, then runs the loaded command', async () => {
    let loads = 0;
    let release!: (c: Command) => void;
    const cmd = onFirstUse('demo', () => {
      loads++;
      return new Promise<Command>((r) => (release = r));
    });
    const { ctx, out } = context();
    const first = cmd(['a'], ctx);
    const second = cmd(['b'], ctx);
    await Promise.resolve();
    expect(isLoadingBuiltin()).toBe(true);
    release(async (args, c) => {
      c.stdout(args.join(' ') + '\n');
      return 3;
    });
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(isLoadingBuiltin()).toBe(false);
    expect(await cmd(['c'], ctx)).toBe(3);
    expect(out).toEqual(['a\n', 'b\n', 'c\n']);
    expect(loads).toBe(1);
  });

  it('prints a shell error when the code cannot load, and tries again next time', async () => {
    let loads = 0;
    const cmd = onFirstUse('demo', async () => {
      if (++loads === 1) throw new Error('network error');
      return async () => 0;
    });
    const { ctx, err } = context();
    expect(await cmd([], ctx)).toBe(126);
    expect(err).toEqual(['bash: demo: could not load the command: network error\n']);
    expect(isLoadingBuiltin()).toBe(false);
    expect(await cmd([], ctx)).toBe(0);
    expect(loads).toBe(2);
  });
});
