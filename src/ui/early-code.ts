/**
 * What a Run or Apply request's kubectl commands will load on their first run (the command's
 * own module and flag lines, the YAML parser for `-f`, the describers), and the downloads of it that can start
 * before the simulator's code is there. Part of the terminal's first, small chunk
 * (terminal-start.ts): at a reader's click, these downloads go out together with the
 * simulator's and xterm's, instead of one round of downloads after the other. Nothing here
 * imports the simulator statically (the verb loads come from kubectl/verbs/code.ts, which the
 * build keeps out of the simulator's chunk); command-code.ts does the same once kubectl is
 * loaded, resolving the words exactly as kubectl does.
 */
import { FLAG_TABLE_CODE, verbCode } from '../kubectl/verbs/code.ts';
import type { TerminalRequest } from './bus.ts';

/** The flags whose command reads manifests (`-f x`, `-fx`, `--filename=x`, `-k dir`). */
const READS_MANIFESTS = /^(-f|-k|--filename|--kustomize)(=|$)|^-[fk]./;

/** kubectl's flags that may come before the command and take the next word as their value. */
const VALUE_BEFORE_VERB = new Set(['-n', '--namespace', '--context', '--cluster', '--user', '--kubeconfig', '-s', '--server', '--token', '--as', '-v', '--v']);

/** The kubectl command lines `request` will type. */
export function requestLines(request: TerminalRequest): string[] {
  if (request.kind === 'run') return request.commands;
  if (request.kind === 'apply') return [`kubectl apply -f ${request.file}`];
  return [];
}

/**
 * What of kubectl's on-first-use code `line` needs: `words` (after `kubectl`), `manifests` (the
 * YAML parser), `describers`. Words are split on blanks and the pipeline's `|`, `;` and `&`:
 * close enough for a download ahead of time.
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

/** The command word among kubectl's `words`: the first that is neither a flag nor a flag's value. */
export function verbWord(words: string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!w.startsWith('-')) return w;
    if (VALUE_BEFORE_VERB.has(w)) i++;
  }
  return undefined;
}

// The YAML package is the manifest reader's own import on first use: fetched here alongside the
// reader rather than after it, and the reader's import then finds it loaded (one module per page).
export const loadManifestParser = (): Promise<void> =>
  Promise.all([import('../kubectl/resource/manifests.ts'), import('yaml')]).then(([m]) => m.loadManifestParser());
export const loadDescribers = (): Promise<void> => import('../kubectl/printers/describe/index.ts').then((m) => m.loadDescribers());

/**
 * Starts downloading what `request`'s commands will load on first use, by the command word
 * alone (a guess that misses costs a download; kubectl resolves the command itself when it runs).
 */
export function warmEarly(request: TerminalRequest): void {
  for (const line of requestLines(request)) {
    for (const need of codeFor(line)) {
      const load = verbCode(verbWord(need.words) ?? '');
      if (load) {
        load().catch(() => {});
        // Its flag lines, which kubectl reads before the line (every command's but get's).
        FLAG_TABLE_CODE().catch(() => {});
      }
      if (need.manifests) loadManifestParser().catch(() => {});
      if (need.describers) loadDescribers().catch(() => {});
    }
  }
}
