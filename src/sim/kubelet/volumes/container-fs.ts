/**
 * A container's filesystem at start: its writable layer (the image's files, hosts, resolv.conf)
 * with the Pod's volumes mounted where its `volumeMounts` say. Atomic-writer volumes are always
 * read-only; a `subPath` into one is a copy taken now, so later updates never reach it, as with
 * the kubelet's bind mount of the file that existed at start.
 */
import type { KubeObject } from '../../api/types.ts';
import { podDnsConfig, resolvConfText } from '../../network/pod-dns-config.ts';
import { MemFs } from '../mem-fs.ts';
import { hostsEntry, podHostname } from '../pod-hostname.ts';
import type { PodVolumes } from './pod-volumes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Builds the filesystem of `container` in `pod`. `imageFiles` are hidden under mounts, as a mount hides the directory it covers. */
export function buildContainerFs(
  pod: KubeObject,
  container: Obj,
  podIP: string,
  imageFiles: Record<string, string>,
  volumes: PodVolumes | undefined,
  now: () => number,
): MemFs {
  const fs = new MemFs(now);
  for (const d of ['/bin', '/etc', '/home', '/root', '/tmp', '/usr/bin', '/var', '/proc', '/dev', '/sys']) fs.mkdirp(d);
  // The modes every base image and the runtime give these: sticky world-writable /tmp, root's
  // private home, read-only proc and sysfs mount points.
  for (const [d, mode] of [['/tmp', 0o1777], ['/root', 0o700], ['/proc', 0o555], ['/sys', 0o555]] as const) fs.chmod(d, mode);
  fs.write('/etc/hostname', `${podHostname(pod)}\n`);
  fs.write('/etc/hosts', `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${hostsEntry(pod, podIP)}`);
  fs.write('/etc/resolv.conf', resolvConfText(podDnsConfig(pod)));
  fs.write('/etc/os-release', 'NAME="BusyBox"\n');
  for (const [path, content] of Object.entries(imageFiles)) {
    if (path.endsWith('/')) fs.mkdirp(path.slice(0, -1));
    else fs.write(path, content);
  }
  for (const m of (container.volumeMounts ?? []) as Obj[]) {
    const v = volumes?.volumes.get(m.name);
    if (!v) continue;
    const readOnly = v.readOnly || v.atomic || !!m.readOnly;
    if (!m.subPath) {
      fs.mount({ path: m.mountPath, tree: v.tree, sub: '', readOnly, source: v.device });
      continue;
    }
    if (v.atomic) {
      const real = v.tree.resolve(m.subPath);
      if (real === undefined) continue;
      fs.mount({ path: m.mountPath, tree: v.tree.snapshot(real), sub: '', readOnly, source: v.device });
      continue;
    }
    // subPath into a writable volume: the kubelet creates the directory if it is missing.
    if (!v.tree.get(m.subPath)) v.tree.mkdirp(m.subPath, now());
    fs.mount({ path: m.mountPath, tree: v.tree, sub: m.subPath, readOnly, source: v.device });
  }
  return fs;
}

/** Whether the container has a subPath mount (its filesystem must then be built at start). */
export function hasSubPathMount(container: Obj): boolean {
  return ((container.volumeMounts ?? []) as Obj[]).some((m) => !!m.subPath);
}
