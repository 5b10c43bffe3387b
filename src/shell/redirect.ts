/**
 * Redirections (`> f`, `>> f`, `2>&1`, `< f`, heredocs, here-strings) applied to one command's
 * file descriptors, in the order written, as bash applies them: `> f 2>&1` sends both to f,
 * `2>&1 > f` only stdout.
 */
import type { Redirect } from '../shell-grammar/ast.ts';
import type { VirtualFS } from '../command/contract.ts';
import { expandHereDoc, expandString, type ExpandEnv } from './expand.ts';
import { dirname, resolvePath } from './path.ts';
import { FILE_CAPACITY, NoSpaceError } from './pipe-buffer.ts';

/** Where a descriptor's output goes. */
export type Sink = (text: string) => void;

/**
 * Applies `r` to `fds` (0 unused, 1 stdout, 2 stderr). Returns the new stdin text for input
 * redirections, an exit status (after writing bash's message) when the target is unusable, or
 * undefined. File output is collected and written by the functions pushed on `flushes`, which
 * the caller runs when the command ends.
 */
/** Applies one redirection: returns new stdin text, an exit status on failure, or undefined. */
export async function applyRedirect(r: Redirect, fds: Sink[], env: ExpandEnv, flushes: (() => void)[], fs: VirtualFS): Promise<string | number | undefined> {
  const err = fds[2]!;
  if (r.kind === 'dup') {
    const target = fds[r.to];
    if (!target || r.to > 2) {
      err(`bash: ${r.to}: Bad file descriptor\n`);
      return 1;
    }
    fds[r.fd] = target;
    return undefined;
  }
  if (r.kind === 'heredoc') return r.doc.expand ? expandHereDoc(r.doc.body, env) : r.doc.body;
  if (r.kind === 'herestring') return (await expandString(r.word, env)) + '\n';
  const name = await expandString(r.target, env);
  const path = resolvePath(env.cwd, name, env.vars.HOME);
  if (name === '' || (!fs.isDir(dirname(path)) && path !== '/dev/null')) {
    err(`bash: ${name}: No such file or directory\n`);
    return 1;
  }
  if (fs.isDir(path)) {
    err(`bash: ${name}: Is a directory\n`);
    return 1;
  }
  if (r.kind === 'file' && r.mode === 'read') {
    const content = fs.read(path);
    if (content === undefined) {
      err(`bash: ${name}: No such file or directory\n`);
      return 1;
    }
    return content;
  }
  const chunks: string[] = [];
  const base = r.mode === 'append' ? (fs.read(path) ?? '') : '';
  let size = base.length;
  const sink: Sink = (t) => {
    // A file past the terminal's limit is a full disk to the command writing it.
    if (path !== '/dev/null' && size + t.length > FILE_CAPACITY) throw new NoSpaceError();
    size += t.length;
    if (path !== '/dev/null') chunks.push(t);
  };
  fs.write(path, base);
  flushes.push(() => fs.write(path, base + chunks.join('')));
  if (r.kind === 'both') fds[1] = fds[2] = sink;
  else fds[r.fd] = sink;
  return undefined;
}
