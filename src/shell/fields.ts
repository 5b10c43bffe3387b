/**
 * The fields an expansion makes: field splitting, the bound on their size, `$(...)`'s
 * trailing newlines, and pathname globbing against the terminal's files.
 */
import type { ExpandEnv } from './expand.ts';
import { LineEndingExpansionError, OutOfMemoryError } from './expansion-errors.ts';
import { resolvePath } from './path.ts';
import { globCode } from './shell-code.ts';

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

/**
 * The names a field with unquoted `*`, `?` or `[` matches (itself when none), one path
 * component at a time as bash does (`*` then `/x.yaml` looks in every directory), and with
 * `shopt -s globstar` a component that is just `**` matches any number of directories
 * (`**` then `/*.yaml`; `**` last also every file, with a slash after it only directories).
 * The names come sorted. The pattern code (shell-code.ts's `globCode`) must be loaded.
 * `shopt -s failglob`: no match is an error that ends the command line.
 */
export function glob(f: Field, env: ExpandEnv): string[] {
  if (!f.glob?.length) return [f.text];
  const { compileGlob, globMatches } = globCode.now();
  const active = new Set(f.glob);
  const fold = env.shopts?.has('nocaseglob') === true;
  const dotglob = env.shopts?.has('dotglob') === true;
  const globstar = env.shopts?.has('globstar') === true;
  const extglob = env.shopts?.has('extglob') === true;
  // The components, each with the positions of its active wildcards.
  const comps: { text: string; wild: boolean; star2: boolean; isWild: (k: number) => boolean }[] = [];
  let from = 0;
  for (;;) {
    const slash = f.text.indexOf('/', from);
    const end = slash < 0 ? f.text.length : slash;
    const base = from;
    const text = f.text.slice(from, end);
    let wild = false;
    for (let k = from; k < end; k++) {
      const ch = f.text[k]!;
      if (active.has(k) && (ch === '*' || ch === '?' || ch === '[' || (extglob && '@+!'.includes(ch) && f.text[k + 1] === '(' && active.has(k + 1)))) wild = true;
    }
    comps.push({ text, wild, star2: globstar && text === '**' && active.has(base) && active.has(base + 1), isWild: (k) => active.has(base + k) });
    if (slash < 0) break;
    from = slash + 1;
  }
  if (!comps.some((c) => c.wild)) return [f.text];
  const abs = (p: string): string => resolvePath(env.cwd, p || '.', env.vars.HOME);
  const entries = (prefix: string): { name: string; dir: boolean }[] =>
    env.fs.list(abs(prefix)).map((e) => (e.endsWith('/') ? { name: e.slice(0, -1), dir: true } : { name: e, dir: env.fs.isDir(abs(prefix + e)) }));
  // Every directory under `prefix` (itself first, as `prefix`), not entering hidden ones unless dotglob.
  const subdirs = (prefix: string): string[] => {
    const out = [prefix];
    for (const e of entries(prefix)) if (e.dir && (dotglob || !e.name.startsWith('.'))) out.push(...subdirs(prefix + e.name + '/'));
    return out;
  };
  // Paths so far, each ending in `/` (or empty: the current directory).
  let paths: string[] = [''];
  for (let c = 0; c < comps.length; c++) {
    const comp = comps[c]!;
    const last = c === comps.length - 1;
    const next: string[] = [];
    if (c === 0 && comp.text === '' && !last) {
      paths = ['/'];
      continue;
    }
    if (last && comp.text === '') {
      // A trailing slash: only the directories matched so far.
      for (const p of paths) if (p !== '' && env.fs.isDir(abs(p))) next.push(p);
    } else if (comp.star2) {
      for (const p of paths) {
        const all = subdirs(p);
        if (!last) next.push(...all);
        else {
          // `**` last: every file and directory below, and the directory itself when named.
          for (const d of all) {
            if (d !== '' && d === p) next.push(d);
            for (const e of entries(d)) if (dotglob || !e.name.startsWith('.')) next.push(d + e.name);
          }
        }
      }
    } else if (!comp.wild) {
      for (const p of paths) {
        const q = p + comp.text;
        if (last ? env.fs.exists(abs(q)) : env.fs.isDir(abs(q))) next.push(last ? q : q + '/');
      }
    } else {
      const text = fold ? comp.text.toLowerCase() : comp.text;
      const pattern = compileGlob(text, comp.isWild, extglob);
      const hidden = comp.text.startsWith('.') || dotglob;
      for (const p of paths) {
        for (const e of entries(p)) {
          if (e.name === '.' || e.name === '..' || (!hidden && e.name.startsWith('.'))) continue;
          if (!last && !e.dir) continue;
          if (globMatches(pattern, fold ? e.name.toLowerCase() : e.name)) next.push(last ? p + e.name : p + e.name + '/');
        }
      }
    }
    paths = next;
    if (!paths.length) break;
  }
  const matches = [...new Set(paths)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (matches.length) return matches;
  if (env.shopts?.has('failglob')) throw new LineEndingExpansionError(`bash: no match: ${f.text}`);
  // `shopt -s nullglob`: a pattern that matches nothing expands to nothing.
  return env.shopts?.has('nullglob') ? [] : [f.text];
}
