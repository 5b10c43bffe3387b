/**
 * A container's mount table as the kernel keeps it: the overlay root, /proc, /dev, the files the
 * kubelet bind-mounts from the node's disk and the Pod's volumes. `mount` prints it in its own
 * words; /proc/mounts holds it as the kernel writes it.
 */
import type { MemFs } from './mem-fs.ts';

/** One mounted filesystem. */
export interface MountEntry {
  source: string;
  path: string;
  type: string;
  options: string;
}

const OVERLAY_OPTIONS =
  'rw,relatime,lowerdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/1/fs,upperdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/2/fs,workdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/2/work';

/** The mounts of the container whose filesystem is `fs`. */
export function mountEntries(fs: MemFs): MountEntry[] {
  const out: MountEntry[] = [
    { source: 'overlay', path: '/', type: 'overlay', options: OVERLAY_OPTIONS },
    { source: 'proc', path: '/proc', type: 'proc', options: 'rw,nosuid,nodev,noexec,relatime' },
    { source: 'tmpfs', path: '/dev', type: 'tmpfs', options: 'rw,nosuid,size=65536k,mode=755' },
  ];
  // The files the kubelet bind-mounts from the node's disk into every container (the same disk
  // as the volumes kept on the node: emptyDir, hostPath, local PersistentVolumes).
  for (const f of ['/etc/hosts', '/dev/termination-log', '/etc/hostname', '/etc/resolv.conf']) out.push({ source: '/dev/vda1', path: f, type: 'ext4', options: 'rw,relatime' });
  for (const m of fs.mountTable()) {
    const [src, type] = (m.source ?? '/dev/root ext4').split(' ');
    // A memory-backed volume (the ServiceAccount token, emptyDir medium Memory) is a tmpfs.
    out.push({ source: src!, path: m.path, type: type ?? (src === 'tmpfs' ? 'tmpfs' : 'ext4'), options: `${m.readOnly ? 'ro' : 'rw'},relatime` });
  }
  return out;
}

/** The text of /proc/mounts. */
export function procMounts(fs: MemFs): string {
  return mountEntries(fs)
    .map((m) => `${m.source} ${m.path} ${m.type} ${m.options} 0 0\n`)
    .join('');
}
