/**
 * When a lesson file last changed, for the "Last updated" line: the date of the last commit
 * that touched it, or, where there is no git (a build from a tarball) or the file is not
 * committed yet, the file's modification time. Never throws: no date is better than no build.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

const cache = new Map<string, Date | undefined>();

/** The last change of `file` (a path relative to the project root), or undefined. */
export function lastUpdated(file: string | undefined): Date | undefined {
  if (!file) return undefined;
  if (!cache.has(file)) cache.set(file, fromGit(file) ?? fromMtime(file));
  return cache.get(file);
}

function fromGit(file: string): Date | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cI', '--', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    // No output: the file is not committed (yet); its mtime says more.
    return out ? valid(new Date(out)) : undefined;
  } catch {
    return undefined;
  }
}

function fromMtime(file: string): Date | undefined {
  try {
    return valid(statSync(file).mtime);
  } catch {
    return undefined;
  }
}

const valid = (d: Date): Date | undefined => (Number.isNaN(d.getTime()) ? undefined : d);
