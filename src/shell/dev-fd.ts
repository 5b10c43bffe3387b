/** Process substitution's files: `<(cmd)` is read as `/dev/fd/63`, which exists while its command runs. */
import type { VirtualFS } from '../command/contract.ts';

/** The terminal's files with the `/dev/fd/N` files of process substitutions on top. */
export function devFdView(fs: VirtualFS, devFd: Map<string, string>): VirtualFS {
  return {
    read: (p) => devFd.get(p) ?? fs.read(p),
    write: (p, c) => {
      if (!devFd.has(p)) fs.write(p, c);
    },
    exists: (p) => devFd.has(p) || fs.exists(p),
    isDir: (p) => (p === '/dev/fd' && devFd.size > 0) || fs.isDir(p),
    list: (d) => fs.list(d),
    remove: (p) => fs.remove(p),
    walk: (d) => fs.walk(d),
    ...(fs.mkdir ? { mkdir: (p: string) => fs.mkdir!(p) } : {}),
  };
}
