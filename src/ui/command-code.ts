/**
 * Fetches the code a Run or Apply request's kubectl commands will load on their first run (the
 * command's own module and flag lines, the YAML parser for `-f`, the describers), as soon as the request is
 * known: at the click, alongside the rest of the terminal's start, instead of one download
 * after another once the command runs (the command's module, then the YAML parser it asks
 * for). The loads are kubectl's own (the same pending imports the command then awaits), so
 * a warmed command runs exactly as it would have; a guess that misses costs a download only.
 */
import { prefetchCommandFlags } from '../kubectl/cli/command-flags.ts';
import { findCommand } from '../kubectl/cli/dispatch.ts';
import { verbCodeLoad } from '../kubectl/cli/lazy-verb.ts';
import type { TerminalRequest } from './bus.ts';
import { codeFor, loadDescribers, loadManifestParser, requestLines } from './early-code.ts';

export { codeFor, requestLines };

/** Starts downloading what `request`'s commands will load on first use (see the module comment). */
export function warmRequestCode(request: TerminalRequest): void {
  for (const line of requestLines(request)) {
    for (const need of codeFor(line)) {
      try {
        const verb = findCommand(need.words).verb;
        if (verb) {
          verbCodeLoad(verb)?.catch(() => {});
          prefetchCommandFlags(verb.name);
        }
      } catch {
        // A line kubectl itself would refuse: nothing to fetch for it.
      }
      if (need.manifests) loadManifestParser().catch(() => {});
      if (need.describers) loadDescribers().catch(() => {});
    }
  }
}
