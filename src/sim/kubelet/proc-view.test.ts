import { describe, expect, it } from 'vitest';
import { MemFs } from './mem-fs.ts';
import type { SharedPids } from './process.ts';
import { withProcView } from './proc-view.ts';

describe('the /proc an exec sees', () => {
  it('/proc/mounts is the mount table, as /proc/self/mounts and /proc/1/mounts too', () => {
    const view = withProcView(new MemFs());
    const text = view.read('/proc/mounts')!;
    expect(text.split('\n')[1]).toBe('proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0');
    expect(view.read('/proc/self/mounts')).toBe(text);
    expect(view.read('/proc/1/mounts')).toBe(text);
    expect(view.isFile('/proc/mounts')).toBe(true);
  });

  it('/proc/PID/root leads into the filesystem of that process, only in a shared PID namespace', () => {
    const own = new MemFs();
    const other = new MemFs();
    other.write('/etc/nginx-marker', 'from nginx\n');
    const pids: SharedPids = { self: 30, list: () => [{ pid: 8, command: 'nginx', fs: other }], next: () => 31, signal: () => true };
    expect(withProcView(own, pids).read('/proc/8/root/etc/nginx-marker')).toBe('from nginx\n');
    expect(withProcView(own, pids).list('/proc/8/root/etc')).toEqual(['nginx-marker']);
    expect(withProcView(own, pids).read('/proc/9/root/etc/nginx-marker')).toBeUndefined();
    expect(withProcView(own).read('/proc/8/root/etc/nginx-marker')).toBeUndefined();
  });
});
