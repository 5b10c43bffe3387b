/**
 * Fetches the code a Run or Apply request's kubectl commands will load on their first run (the
 * command's own module, the YAML parser for `-f`, the describers), as soon as the request is
 * known: at the click, alongside the rest of the terminal's start, instead of one download
 * after another once the command runs (the command's module, then the YAML parser it asks
 * for). The loads are kubectl's own (the same pending imports the command then awaits), so
 * a warmed command runs exactly as it would have; a guess that misses costs a download only.
 */
import { resolveCommand } from '../kubectl/cli/dispatch.ts';
import { verbCodeLoad } from '../kubectl/cli/lazy-verb.ts';
import type { TerminalRequest } from './bus.ts';

/** The flags whose command reads manifests (`-f x`, `-fx`, `--filename=x`, `-k dir`). */
const READS_MANIFESTS = /^(-f|-k|--filename|--kustomize)(=|$)|^-[fk]./;

/** The kubectl command lines `request` will type. */
export function requestLines(request: TerminalRequest): string[] {
  if (request.kind === 'run') return request.commands;
  if (request.kind === 'apply') return [`kubectl apply -f ${request.file}`];
  return [];
}

/**
 * What of kubectl's on-first-use code `line` needs: `verb` (its command's module is still to
 * load), `manifests` (the YAML parser), `describers`. Words are split on blanks and the
 * pipeline's `|`, `;` and `&`: close enough for a download ahead of time.
 */
export function codeFor(line: string): { words: string[]; manifests: boolean; describers: boolean }[] {
  const out: { words: string[]; manifests: boolean; describers: boolean }[] = [];
  for (const part of line.split(/[|;&]+/)) {
    const words = part.trim().split(/\s+/);
    if (words[0] !== 'kubectl') continue;
    const args = words.slice(1);
    out.push({ words: args, manifests: args.some((a) => READS_MANIFESTS.test(a)) || args[0] === 'kustomize', describers: args[0] === 'describe' });
  }
  return out;
}

// The YAML package is the manifest reader's own import on first use: fetched here alongside the
// reader rather than after it, and the reader's import then finds it loaded (one module per page).
const loadManifestParser = (): Promise<void> =>
  Promise.all([import('../kubectl/resource/manifests.ts'), import('yaml')]).then(([m]) => m.loadManifestParser());
const loadDescribers = (): Promise<void> => import('../kubectl/printers/describe/index.ts').then((m) => m.loadDescribers());

/** Starts downloading what `request`'s commands will load on first use (see the module comment). */
export function warmRequestCode(request: TerminalRequest): void {
  for (const line of requestLines(request)) {
    for (const need of codeFor(line)) {
      try {
        const verb = resolveCommand(need.words).verb;
        if (verb) verbCodeLoad(verb)?.catch(() => {});
      } catch {
        // A line kubectl itself would refuse: nothing to fetch for it.
      }
      if (need.manifests) loadManifestParser().catch(() => {});
      if (need.describers) loadDescribers().catch(() => {});
    }
  }
}
