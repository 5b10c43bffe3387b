/**
 * The parts of /proc an exec'd command reads: /proc/mounts (also as /proc/self/mounts and
 * /proc/1/mounts), the container's mount table; and, in a shared PID namespace, /proc/PID/root,
 * the link into another container's filesystem, so `head /proc/8/root/etc/nginx/nginx.conf` from
 * one container reads the nginx container's file. The view wraps the container's filesystem:
 * those paths are answered here, every other path by the container's own filesystem.
 */
import type { MemFs } from './mem-fs.ts';
import type { SharedPids } from './process.ts';
import { procMounts } from './mount-table.ts';

const PROC_ROOT = /^\/proc\/(\d+)\/root(\/.*)?$/;
const PROC_MOUNTS = /^\/proc\/(?:self|1)?\/?mounts$/;

type Method = (...a: unknown[]) => unknown;

/** The filesystem `path` lives on and the path there, when it is under another process's root. */
function redirect(path: string, pids: SharedPids | undefined): { fs: MemFs; path: string } | undefined {
  const m = pids && PROC_ROOT.exec(path);
  if (!m) return undefined;
  const fs = pids.list().find((p) => p.pid === Number(m[1]))?.fs;
  return fs ? { fs, path: m[2] ?? '/' } : undefined;
}

/** What the view answers for /proc/mounts, by method; other methods go to the container's filesystem. */
function mountsFile(own: MemFs, prop: string | symbol): Method | undefined {
  if (prop === 'read') return () => procMounts(own);
  if (prop === 'isFile' || prop === 'exists') return () => true;
  if (prop === 'isDir') return () => false;
  return undefined;
}

/** `own` with /proc/mounts and (given `pids`) /proc/PID/root answered. */
export function withProcView(own: MemFs, pids?: SharedPids): MemFs {
  return new Proxy(own, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const path = typeof args[0] === 'string' ? args[0].replace(/\/+/g, '/') : undefined;
        if (path !== undefined && PROC_MOUNTS.test(path)) {
          const answer = mountsFile(target, prop);
          if (answer) return answer();
        }
        const to = path === undefined ? undefined : redirect(path, pids);
        if (to) return (Reflect.get(to.fs, prop) as Method).call(to.fs, to.path, ...args.slice(1));
        return (value as Method).apply(target, args);
      };
    },
  });
}
