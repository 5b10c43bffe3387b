/**
 * The terminal's own files, in memory. Files are a map from absolute path to content;
 * directories are a set of absolute paths (every parent of a file is a directory too).
 *
 * Persisted shape (`toJSON`), e.g.
 *   { "/home/learner/pod.yaml": "apiVersion: v1\n...", "/home/learner/empty/": "" }
 * Files map to their content; a key ending in `/` is an (otherwise empty) directory. Passing
 * that object back to `createMemoryFS` restores the same tree.
 */
import type { VirtualFS } from '../command/contract.ts';
import { HOME, dirname, normalisePath } from './path.ts';

/** A VirtualFS that can also create directories and serialise itself for persistence. */
export interface MemoryFS extends VirtualFS {
  /** Creates `path` and its parents as directories (like `mkdir -p`); false when a file is in the way. */
  mkdir(path: string): boolean;
  /** Files (path -> content) plus empty directories (path ending in `/` -> ''). */
  toJSON(): Record<string, string>;
}

/** Directories every terminal has, whatever was persisted. */
const BASE_DIRS = ['/', '/home', HOME, '/tmp', '/dev'];

/**
 * Builds an in-memory file system holding `files` (absolute paths, or paths relative to
 * /home/learner; keys ending in `/` are directories). /home/learner, /tmp and /dev exist always;
 * writes to /dev/null are discarded.
 */
export function createMemoryFS(files: Record<string, string> = {}): MemoryFS {
  const contents = new Map<string, string>();
  const dirs = new Set<string>(BASE_DIRS);

  const abs = (p: string): string => normalisePath(p.startsWith('/') ? p : HOME + '/' + p);
  const addParents = (p: string): void => {
    for (let d = dirname(p); !dirs.has(d); d = dirname(d)) dirs.add(d);
  };
  const mkdir = (path: string): boolean => {
    const p = abs(path);
    for (let d = p; d !== '/'; d = dirname(d)) if (contents.has(d)) return false;
    dirs.add(p);
    addParents(p);
    return true;
  };

  for (const [key, value] of Object.entries(files)) {
    if (key.endsWith('/')) mkdir(key);
    else {
      const p = abs(key);
      contents.set(p, value);
      addParents(p);
    }
  }

  const prefixOf = (dir: string): string => (dir === '/' ? '/' : dir + '/');

  return {
    read(path) {
      const p = abs(path);
      if (p === '/dev/null') return '';
      return contents.get(p);
    },
    write(path, content) {
      const p = abs(path);
      if (p === '/dev/null' || dirs.has(p)) return;
      contents.set(p, content);
      addParents(p);
    },
    exists(path) {
      const p = abs(path);
      return p === '/dev/null' || contents.has(p) || dirs.has(p);
    },
    isDir(path) {
      return dirs.has(abs(path));
    },
    list(dir) {
      const d = abs(dir);
      if (!dirs.has(d)) return [];
      const prefix = prefixOf(d);
      const names = new Set<string>();
      for (const p of contents.keys()) if (p.startsWith(prefix) && !p.slice(prefix.length).includes('/')) names.add(p.slice(prefix.length));
      for (const p of dirs) if (p !== d && p.startsWith(prefix) && !p.slice(prefix.length).includes('/')) names.add(p.slice(prefix.length) + '/');
      if (d === '/dev') names.add('null');
      return [...names].sort();
    },
    remove(path) {
      const p = abs(path);
      if (contents.delete(p)) return true;
      if (!dirs.has(p) || BASE_DIRS.includes(p)) return false;
      const prefix = prefixOf(p);
      for (const f of [...contents.keys()]) if (f.startsWith(prefix)) contents.delete(f);
      for (const f of [...dirs]) if (f.startsWith(prefix)) dirs.delete(f);
      dirs.delete(p);
      return true;
    },
    walk(dir) {
      const prefix = prefixOf(abs(dir));
      return [...contents.keys()].filter((p) => p.startsWith(prefix)).sort();
    },
    mkdir,
    toJSON() {
      const out: Record<string, string> = {};
      for (const [p, c] of [...contents].sort((a, b) => (a[0] < b[0] ? -1 : 1))) out[p] = c;
      const nonEmpty = new Set<string>();
      for (const p of contents.keys()) for (let d = dirname(p); d !== '/'; d = dirname(d)) nonEmpty.add(d);
      for (const d of dirs) if (!BASE_DIRS.includes(d) && !nonEmpty.has(d) && ![...dirs].some((o) => o.startsWith(d + '/'))) out[d + '/'] = '';
      return out;
    },
  };
}
