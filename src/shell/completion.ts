/**
 * Tab completion: command names for the first word, kubectl's own completion for `kubectl`
 * and `k` arguments, `$VAR` names, and file names everywhere else.
 */
import type { VirtualFS } from '../command/contract.ts';
import { resolvePath } from './path.ts';

export interface CompletionSource {
  commands(): string[];
  fs: VirtualFS;
  cwd: string;
  env: Record<string, string>;
  /** kubectl's completer: candidates for the last element of `args` (args exclude `kubectl`). */
  kubectl?: (args: string[]) => string[];
}

export interface Completion {
  /** Start of the word being completed (UTF-16 index into the line). */
  start: number;
  /** Text to put in place of line[start, cursor) (undefined: nothing to insert). */
  replacement?: string;
  /** Shown as a list when there are several candidates and no common progress is possible. */
  candidates: string[];
}

interface LineWords {
  /** Words of the current simple command before the one under the cursor (quotes removed). */
  before: string[];
  /** The partial word, quotes removed. */
  partial: string;
  start: number;
}

/** Splits the text before the cursor into the current command's words (light sh lexing). */
export function currentWords(text: string): LineWords {
  let words: string[] = [];
  let cur = '';
  let start = 0;
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) cur += text[++i];
      else cur += c;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || ';|&<>('.includes(c)) {
      if (inWord) words.push(cur);
      if (';|&('.includes(c)) words = [];
      cur = '';
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      start = i;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\' && i + 1 < text.length) cur += text[++i];
    else cur += c;
  }
  if (!inWord) start = text.length;
  while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift();
  return { before: words, partial: cur, start };
}

/** Completes the word before `cursor` in `line`. */
export function complete(line: string, cursor: number, src: CompletionSource): Completion {
  const { before, partial, start } = currentWords(line.slice(0, cursor));
  let candidates: string[];
  let paths = false;
  const suffixFor = (c: string): string => (c.endsWith('/') || c.endsWith('=') ? '' : ' ');
  if (partial.startsWith('$')) {
    candidates = Object.keys(src.env).map((k) => '$' + k);
  } else if (before.length === 0 && !partial.includes('/')) {
    candidates = src.commands();
  } else if ((before[0] === 'kubectl' || before[0] === 'k') && src.kubectl) {
    let got: string[] = [];
    try {
      got = src.kubectl([...before.slice(1), partial]);
    } catch {
      got = [];
    }
    candidates = got;
  } else {
    candidates = files(partial, src);
    paths = true;
  }
  const matching = [...new Set(candidates.filter((c) => c.startsWith(partial)))].sort();
  if (matching.length === 0) return { start, candidates: [] };
  if (matching.length === 1) return { start, replacement: escape(matching[0]!) + suffixFor(matching[0]!), candidates: matching };
  const common = commonPrefix(matching);
  if (common.length > partial.length) return { start, replacement: escape(common), candidates: matching };
  return { start, candidates: paths ? matching.map((m) => display(m)) : matching };
}

/** File and directory names matching `partial` (directories end in `/`). */
function files(partial: string, src: CompletionSource): string[] {
  const slash = partial.lastIndexOf('/');
  const dirPart = slash < 0 ? '' : partial.slice(0, slash + 1);
  const dir = resolvePath(src.cwd, dirPart || '.', src.env.HOME);
  if (!src.fs.isDir(dir)) return [];
  const base = partial.slice(slash + 1);
  return src.fs
    .list(dir)
    .filter((e) => base.startsWith('.') || !e.startsWith('.'))
    .map((e) => dirPart + e);
}

/** The last path component shown in a candidate list, as bash shows them. */
function display(candidate: string): string {
  const trimmed = candidate.endsWith('/') ? candidate.slice(0, -1) : candidate;
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? candidate : candidate.slice(slash + 1);
}

function escape(word: string): string {
  return word.replace(/([ \t'"\\$`&|;<>()*?!#])/g, '\\$1');
}

/** Longest common prefix of non-empty `words`. */
export function commonPrefix(words: string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}
