import { describe, expect, it } from 'vitest';
import { createCodeLoading } from '../command/code-loading.ts';
import type { Command, ExecContext } from '../command/contract.ts';
import { onFirstUse } from './on-demand.ts';

/** Just enough of an ExecContext for commands that only write, with its own code-loading state. */
function context(): { ctx: ExecContext; out: string[]; err: string[]; loading: { readonly active: boolean } } {
  const out: string[] = [];
  const err: string[] = [];
  const loading = createCodeLoading();
  const ctx = { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s), loadCode: loading.loadCode } as unknown as ExecContext;
  return { ctx, out, err, loading };
}

describe('onFirstUse', () => {
  it('loads once, reports loading meanwhile, then runs the loaded command', async () => {
    let loads = 0;
    let release!: (c: Command) => void;
    const cmd = onFirstUse('demo', () => {
      loads++;
      return new Promise<Command>((r) => (release = r));
    });
    const { ctx, out, loading } = context();
    const other = context();
    const first = cmd(['a'], ctx);
    const second = cmd(['b'], ctx);
    await Promise.resolve();
    expect(loading.active).toBe(true);
    // Another terminal is not held by this one's download.
    expect(other.loading.active).toBe(false);
    release(async (args, c) => {
      c.stdout(args.join(' ') + '\n');
      return 3;
    });
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(loading.active).toBe(false);
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
    const { ctx, err, loading } = context();
    expect(await cmd([], ctx)).toBe(126);
    expect(err).toEqual(['bash: demo: could not load the command: network error\n']);
    expect(loading.active).toBe(false);
    expect(await cmd([], ctx)).toBe(0);
    expect(loads).toBe(2);
  });
});
