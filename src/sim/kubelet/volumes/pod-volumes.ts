/**
 * The volumes of one Pod on its node, as the kubelet sets them up before the sandbox starts
 * and keeps them until the Pod is gone: emptyDir (one directory shared by every container of
 * the Pod, kept across container restarts), a PersistentVolumeClaim's or hostPath directory
 * (on the node's disk, so a replacement Pod using the same claim finds the files), and the
 * atomic-writer volumes (configMap, secret, downwardAPI, projected) refreshed at each sync.
 */
import type { KubeObject } from '../../api/types.ts';
import type { Store } from '../../store/store.ts';
import { writeAtomic } from './atomic-writer.ts';
import { FsTree, type Medium } from './fs-tree.ts';
import { volumePayload } from './payload.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** A volume ready to be mounted into the Pod's containers. */
export interface PodVolume {
  name: string;
  tree: FsTree;
  /** Laid out by the atomic writer (always mounted read-only; subPath mounts are snapshots). */
  atomic: boolean;
  /** The volume source is read-only whatever the mount says (a claim with `readOnly: true`). */
  readOnly: boolean;
  /** What `mount` shows as the device (`tmpfs`, `/dev/vda1`, `overlay`). */
  device: string;
}

/** Node disks by cluster: directories by `node:path` (local-path volumes, hostPath). */
const disks = new WeakMap<object, Map<string, FsTree>>();

/** The directory at `path` on `node`'s disk, created on first use. */
export function nodeDirectory(owner: object, node: string, path: string, now: number): FsTree {
  let m = disks.get(owner);
  if (!m) disks.set(owner, (m = new Map()));
  const key = `${node}:${path}`;
  let t = m.get(key);
  if (!t) m.set(key, (t = new FsTree({ rootMode: 0o777, now })));
  return t;
}

/** Forgets a node directory (a local-path volume deleted with its claim). */
export function removeNodeDirectory(owner: object, node: string, path: string): void {
  disks.get(owner)?.delete(`${node}:${path}`);
}

/** A number from a string, stable across runs (the version directory suffix), without the cluster's random stream. */
function stableRandom(seed: string): { int(min: number, max: number): number } {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return { int: (min, max) => min + ((h >>> 0) % (max - min + 1)) };
}

/**
 * The mode and group of a volume's root once the kubelet has applied the Pod's `fsGroup`
 * (SetVolumeOwnership): group `fsGroup`, the setgid bit so new files take that group, and
 * group read/write/search added. Without an fsGroup the root stays root's with `mode`.
 */
export function fsGroupOwnership(pod: KubeObject, mode: number): { rootMode: number; rootGid?: number } {
  const fsGroup = pod.spec?.securityContext?.fsGroup;
  if (typeof fsGroup !== 'number' || !Number.isInteger(fsGroup)) return { rootMode: mode };
  return { rootMode: mode | 0o2000 | 0o660 | 0o110, rootGid: fsGroup };
}

function atomicMedium(v: Obj): Medium {
  return v.configMap ? 'disk' : 'tmpfs';
}

export interface VolumeContext {
  store: Store;
  /** Owner of the node disks (the cluster). */
  owner: object;
  node: string;
  now: number;
  allocatable: Record<string, string>;
}

/** Whether the kubelet re-projects this volume at its periodic syncs (the default token volume's files never change here). */
export function refreshable(v: Obj): boolean {
  if (v.configMap || v.secret || v.downwardAPI) return true;
  return !!v.projected && !String(v.name).startsWith('kube-api-access-');
}

export class PodVolumes {
  readonly volumes = new Map<string, PodVolume>();

  /**
   * Sets up the volumes not set up yet; returns the FailedMount messages of those that cannot
   * be (`MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found`).
   */
  setUp(ctx: VolumeContext, pod: KubeObject): string[] {
    const problems: string[] = [];
    for (const v of (pod.spec?.volumes ?? []) as Obj[]) {
      if (this.volumes.has(v.name)) continue;
      const made = this.make(ctx, pod, v);
      if (typeof made === 'string') problems.push(`MountVolume.SetUp failed for volume "${v.name}" : ${made}`);
      else if (made) this.volumes.set(v.name, made);
    }
    return problems;
  }

  private make(ctx: VolumeContext, pod: KubeObject, v: Obj): PodVolume | string | undefined {
    const ns = pod.metadata.namespace ?? 'default';
    const payload = volumePayload(ctx.store, pod, v, ctx.allocatable);
    if (payload) {
      if ('error' in payload) return payload.error;
      const medium = atomicMedium(v);
      const tree = new FsTree({ medium, rootMode: medium === 'tmpfs' ? 0o1777 : 0o777, now: ctx.now });
      writeAtomic(tree, payload.payload, ctx.now, stableRandom(`${pod.metadata.uid}/${v.name}/${ctx.now}`));
      return { name: v.name, tree, atomic: true, readOnly: true, device: medium === 'tmpfs' ? 'tmpfs' : '/dev/vda1' };
    }
    if (v.emptyDir) {
      const medium: Medium = v.emptyDir.medium === 'Memory' ? 'tmpfs' : 'disk';
      const own = fsGroupOwnership(pod, medium === 'tmpfs' ? 0o1777 : 0o777);
      return { name: v.name, tree: new FsTree({ medium, ...own, now: ctx.now }), atomic: false, readOnly: false, device: medium === 'tmpfs' ? 'tmpfs' : '/dev/vda1' };
    }
    if (v.persistentVolumeClaim) {
      const claim = ctx.store.get('persistentvolumeclaims', ns, v.persistentVolumeClaim.claimName);
      if (!claim) return `persistentvolumeclaim "${v.persistentVolumeClaim.claimName}" not found`;
      const pvName = claim.spec?.volumeName as string | undefined;
      const pv = pvName ? ctx.store.get('persistentvolumes', '', pvName) : undefined;
      if (!pv) return `persistentvolumeclaim "${claim.metadata.name}" is not bound`;
      const path = (pv.spec?.hostPath?.path ?? pv.spec?.local?.path ?? `/var/lib/kubelet/pv/${pvName}`) as string;
      return { name: v.name, tree: nodeDirectory(ctx.owner, ctx.node, path, ctx.now), atomic: false, readOnly: !!v.persistentVolumeClaim.readOnly, device: '/dev/vda1' };
    }
    if (v.hostPath) {
      return { name: v.name, tree: nodeDirectory(ctx.owner, ctx.node, String(v.hostPath.path), ctx.now), atomic: false, readOnly: false, device: '/dev/vda1' };
    }
    return undefined;
  }

  /** Whether any volume of the Pod follows its sources at the kubelet's syncs. */
  static needsRefresh(pod: KubeObject): boolean {
    return ((pod.spec?.volumes ?? []) as Obj[]).some(refreshable);
  }

  /** Re-projects the atomic volumes from the current API objects; a source gone or broken leaves the files as they are. */
  refresh(ctx: VolumeContext, pod: KubeObject): void {
    for (const v of (pod.spec?.volumes ?? []) as Obj[]) {
      const vol = this.volumes.get(v.name);
      if (!vol?.atomic || !refreshable(v)) continue;
      const payload = volumePayload(ctx.store, pod, v, ctx.allocatable);
      if (!payload || 'error' in payload) continue;
      writeAtomic(vol.tree, payload.payload, ctx.now, stableRandom(`${pod.metadata.uid}/${v.name}/${ctx.now}`));
    }
  }
}
