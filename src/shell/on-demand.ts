/**
 * Builtins whose code loads on first use (text tools, `watch`, `timeout`, `cluster`...), so that
 * starting a terminal does not download them. Their names stay in the command table from the
 * start, so `help`, `type`, `which` and Tab completion know them before they load. The wait goes
 * through `ctx.loadCode`, so the host holds cluster time meanwhile: the command runs at the
 * cluster time it started at, exactly as a journal replay (which never waits for the network)
 * runs it.
 */
import type { Command } from '../command/contract.ts';

/**
 * A command that loads its implementation with `load` the first time it runs, then runs it.
 * If loading fails (the network is gone), it prints a shell-shaped error, exits 126 and tries
 * again next time.
 */
export function onFirstUse(name: string, load: () => Promise<Command>): Command {
  let loaded: Command | undefined;
  let loading: Promise<Command> | undefined;
  return async (args, ctx) => {
    if (!loaded) {
      loading ??= load();
      try {
        loaded = await ctx.loadCode(loading);
      } catch (e) {
        loading = undefined;
        ctx.stderr(`bash: ${name}: could not load the command: ${e instanceof Error ? e.message : String(e)}\n`);
        return 126;
      }
    }
    return loaded(args, ctx);
  };
}
