/**
 * The fields an expansion makes: field splitting, the bound on their size, `$(...)`'s
 * trailing newlines, and pathname globbing against the terminal's files.
 */
import type { ExpandEnv } from './expand.ts';
import { OutOfMemoryError } from './expansion-errors.ts';
import { resolvePath } from './path.ts';
import { compileGlob, globMatches } from '../command/glob-match.ts';

export interface Field {
  text: string;
  /** Positions of unquoted `*`, `?` and `[`, the characters that act as glob metacharacters (none: undefined). */
  glob?: number[];
  /** A quoted part was present, so the field exists even when empty (`""`). */
  quoted: boolean;
}

/**
 * Field splitting on runs of space, tab and newline: what `value.split(/[ \t\n]+/)` gives,
 * several times faster (a `$(seq 1 1000000)` must not stall the page).
 */
export function splitFields(value: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < value.length) {
    const c = value.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10) {
      i++;
      continue;
    }
    out.push(value.slice(start, i));
    while (i < value.length && (value.charCodeAt(i) === 32 || value.charCodeAt(i) === 9 || value.charCodeAt(i) === 10)) i++;
    start = i;
  }
  out.push(value.slice(start));
  return out;
}

/**
 * Longest word or value an expansion may build, in characters. `x=$x$x` in a loop doubles a
 * variable each turn; without a bound it would exhaust the page's memory within a second.
 */
export const MAX_EXPANSION = 8 * 1024 * 1024;

/** Refuses a result longer than MAX_EXPANSION, as bash's allocator fails (a fatal error there). */
export function bounded(length: number): void {
  if (length > MAX_EXPANSION) throw new OutOfMemoryError(`bash: xmalloc: cannot allocate ${length + 1} bytes`);
}

/** `$(...)`'s result without its trailing newlines (a loop, not a regex: outputs can be megabytes). */
export function trimNewlines(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 10) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** The names a field with unquoted `*`, `?` or `[` matches (itself when none). */
export function glob(f: Field, env: ExpandEnv): string[] {
  if (!f.glob?.length) return [f.text];
  const slash = f.text.lastIndexOf('/');
  const dirText = slash < 0 ? '' : f.text.slice(0, slash + 1);
  if (f.glob.some((k) => k <= slash)) return [f.text];
  const active = new Set(f.glob);
  const base = slash + 1;
  // `shopt -s nocaseglob`: names match whatever their case; `dotglob`: `*` matches names starting with a dot.
  const fold = env.shopts?.has('nocaseglob') === true;
  const text = fold ? f.text.slice(base).toLowerCase() : f.text.slice(base);
  const pattern = compileGlob(text, (k) => active.has(base + k));
  const dir = resolvePath(env.cwd, dirText || '.', env.vars.HOME);
  const hidden = f.text[slash + 1] === '.' || env.shopts?.has('dotglob') === true;
  const matches = env.fs
    .list(dir)
    .map((e) => (e.endsWith('/') ? e.slice(0, -1) : e))
    .filter((e) => globMatches(pattern, fold ? e.toLowerCase() : e) && (hidden || !e.startsWith('.')) && e !== '.' && e !== '..')
    .map((e) => dirText + e);
  // `shopt -s nullglob`: a pattern that matches nothing expands to nothing.
  return matches.length ? matches : env.shopts?.has('nullglob') ? [] : [f.text];
}
