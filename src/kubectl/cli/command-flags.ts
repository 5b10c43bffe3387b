/**
 * A command's flags before its command line is read: the flag lines of a command that loads on
 * first use are fetched (help/flag-lines.ts) before its sub-command is resolved, its flags are
 * parsed, its help is printed or its flags are completed. The wait goes through the command
 * context's `loadCode`, so hosts hold cluster time meanwhile; a failure is the one-line error
 * of a command whose code could not be loaded, and the next run tries again.
 */
import type { ExecContext } from '../../command/contract.ts';
import { flagLinesReady, loadMoreFlagLines } from '../help/flag-lines.ts';
import { CliError } from './errors.ts';

/** Whether the flags of top-level command `name` (and of its sub-commands) are there. */
export function commandFlagsReady(name: string): boolean {
  return flagLinesReady(name);
}

/** Loads the flag lines of top-level command `name` if they are not there yet, counted as loading code on `ctx`. */
export async function loadCommandFlags(name: string, ctx: Pick<ExecContext, 'loadCode'>): Promise<void> {
  if (flagLinesReady(name)) return;
  try {
    await ctx.loadCode(loadMoreFlagLines());
  } catch (e) {
    throw new CliError(`could not load kubectl's "${name}" command: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Starts loading the flag lines of `name` (by default, of every command) without waiting: Tab
 * completion, a click's warm-up, the page once idle. A failure is left for a run to report.
 */
export function prefetchCommandFlags(name?: string): void {
  if (name === undefined || !flagLinesReady(name)) loadMoreFlagLines().catch(() => {});
}
