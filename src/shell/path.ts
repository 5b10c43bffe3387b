/** Path helpers for the terminal's own files (absolute, `/`-separated, no symlinks). */

/** The learner's home directory, where every terminal starts. */
export const HOME = '/home/learner';

/** Normalises an absolute path: collapses `//`, `.` and `..`; never ends in `/` except `/`. */
export function normalisePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

/** Resolves `path` against `cwd`, expanding a leading `~` to the home directory. */
export function resolvePath(cwd: string, path: string, home: string = HOME): string {
  if (path === '~' || path.startsWith('~/')) path = home + path.slice(1);
  return normalisePath(path.startsWith('/') ? path : cwd + '/' + path);
}

/** The directory part of an absolute path (`/` for top-level entries). */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The last component of a path. */
export function basename(path: string): string {
  const p = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path;
  return p.slice(p.lastIndexOf('/') + 1);
}
