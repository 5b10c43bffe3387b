/**
 * The flag lines of every command (`-n, --namespace=''`, as its help text lists them), which
 * the flag parser reads. Those of the commands there from the start (`get`, the global flags)
 * are part of the terminal's start (flag-table.ts); every other command's load on first use
 * (flag-table-more.ts, one small chunk fetched with the first such command: `loadMoreFlagLines`;
 * the command names "Did you mean this?" suggests are in it too, cli/suggest.ts). The dispatcher awaits that load
 * before it resolves a command's sub-command or parses its flags (cli/command-flags.ts).
 */
import { FLAG_LINES as AT_START } from './flag-table.ts';
import { FLAG_TABLE_CODE } from '../verbs/code.ts';

let more: Record<string, string> | undefined;
let loading: Promise<void> | undefined;

/** Whether the flag lines of `path` (`'get'`, `'create secret generic'`) are there (always for a start command). */
export function flagLinesReady(path: string): boolean {
  return more !== undefined || Object.hasOwn(AT_START, path.split(' ')[0]!);
}

/** The flag lines of `path` ('' for a path no help text has); undefined while they have not loaded. */
export function flagLinesOf(path: string): string | undefined {
  if (Object.hasOwn(AT_START, path.split(' ')[0]!)) return AT_START[path] ?? '';
  return more && (more[path] ?? '');
}

/** Loads the flag lines of the commands that load on first use (once; after a failure the next call tries again). */
export function loadMoreFlagLines(): Promise<void> {
  loading ??= FLAG_TABLE_CODE().then(
    (m) => {
      more = m.FLAG_LINES;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}
