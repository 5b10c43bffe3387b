/**
 * A container's filesystem view: its own writable layer plus the volumes mounted into it, with
 * symbolic links (a ConfigMap volume's `key -> ..data/key`) followed as the kernel does.
 * Enough for `cat`, `ls -la`, `touch`, `rm`, `mkdir`, redirections and `mount`.
 */
import { FsTree, joinRel, parentRel, type FsNode, type Medium, type Owner } from './volumes/fs-tree.ts';

/** A volume mounted at `path`: the tree, the part of it shown there (subPath), and its flags. */
export interface Mount {
  path: string;
  tree: FsTree;
  /** Path inside the tree shown at `path` (`''` = its root). */
  sub: string;
  readOnly: boolean;
  /** What `mount` prints as the source and type of this mount. */
  source?: string;
}

/** What `lstat` returns: the node and the filesystem it lives on. */
export interface StatResult {
  node: FsNode;
  medium: Medium;
  readOnly: boolean;
  /** Number of subdirectories (for a directory's link count). */
  subdirs: number;
  /** Entries inside (for a tmpfs directory's size). */
  entries: number;
  /** Whether this is a directory of the container's own layer (overlayfs reports 1 link). */
  overlay: boolean;
}

const MAX_LINK_HOPS = 40;

/** Whether `who` has the `bits` (2 write, 1 search/execute) on `node`: owner, group or other class. */
function may(node: Exclude<FsNode, { kind: 'link' }>, who: Owner & { groups?: readonly number[] }, bits: number): boolean {
  const uid = node.uid ?? 0;
  const gid = node.gid ?? 0;
  const cls = uid === who.uid ? 6 : gid === who.gid || who.groups?.includes(gid) ? 3 : 0;
  return ((node.mode >> cls) & bits) === bits;
}

export class MemFs {
  private root: FsTree;
  private mounts: Mount[] = [];
  private now: () => number;
  /**
   * Who creates files and directories from now on (the container's user): their uid, and
   * their gid unless a setgid directory gives its own. Unset: root, as while the image's files
   * are laid down.
   */
  creator?: () => Owner & { groups?: readonly number[] };

  constructor(now: () => number = () => 0) {
    this.now = now;
    this.root = new FsTree({ now: now() });
  }

  /** Normalises `path` against `cwd` (`.`/`..` resolved, symlinks not followed). */
  static resolve(path: string, cwd = '/'): string {
    const parts = (path.startsWith('/') ? path : `${cwd}/${path}`).split('/');
    const out: string[] = [];
    for (const p of parts) {
      if (!p || p === '.') continue;
      if (p === '..') out.pop();
      else out.push(p);
    }
    return '/' + out.join('/');
  }

  /** Mounts a volume; a later mount at or under a path hides what was there. */
  mount(m: Mount): void {
    const path = MemFs.resolve(m.path);
    this.root.mkdirp(parentRel(path.slice(1)), this.now());
    if (!this.root.get(path.slice(1))) this.root.mkdirp(path.slice(1), this.now());
    this.mounts = [...this.mounts.filter((x) => x.path !== path), { ...m, path }].sort((a, b) => b.path.length - a.path.length);
  }

  /** The mounts, in mount order of their paths (for `mount`). */
  mountTable(): readonly Mount[] {
    return [...this.mounts].sort((a, b) => a.path.localeCompare(b.path));
  }

  private locate(abs: string): { tree: FsTree; rel: string; readOnly: boolean; overlay: boolean } {
    for (const m of this.mounts) {
      if (abs === m.path) return { tree: m.tree, rel: m.sub, readOnly: m.readOnly, overlay: false };
      if (abs.startsWith(`${m.path}/`)) return { tree: m.tree, rel: joinRel(m.sub, abs.slice(m.path.length + 1)), readOnly: m.readOnly, overlay: false };
    }
    return { tree: this.root, rel: abs.slice(1), readOnly: false, overlay: true };
  }

  /** The path with every symlink resolved (the last component too when `followLast`). */
  private real(path: string, followLast = true): string {
    let pending = MemFs.resolve(path).split('/').filter(Boolean);
    let cur = '';
    for (let hops = 0; pending.length; ) {
      const part = pending.shift()!;
      if (part === '..') {
        cur = cur.slice(0, cur.lastIndexOf('/'));
        continue;
      }
      const next = `${cur}/${part}`;
      const loc = this.locate(next);
      const node = loc.tree.get(loc.rel);
      if (node?.kind === 'link' && (pending.length || followLast) && hops++ < MAX_LINK_HOPS) {
        const target = node.target.split('/').filter((p) => p && p !== '.');
        if (node.target.startsWith('/')) cur = '';
        pending = [...target, ...pending];
        continue;
      }
      cur = next;
    }
    return cur || '/';
  }

  private node(path: string, follow = true): FsNode | undefined {
    const loc = this.locate(this.real(path, follow));
    return loc.tree.get(loc.rel);
  }

  /**
   * Why writing or creating `path` would fail, as the kernel words it: a read-only mount, or
   * (for a user other than root) a file without write permission for them, or a new entry in
   * a directory they may not write and search. Undefined when it would succeed.
   */
  writeError(path: string): 'Read-only file system' | 'Permission denied' | undefined {
    const p = this.real(path);
    const loc = this.locate(p);
    if (loc.readOnly) return 'Read-only file system';
    const who = this.creator?.();
    if (!who || who.uid === 0) return undefined;
    const node = loc.tree.get(loc.rel);
    if (node && node.kind !== 'link') return may(node, who, 0o2) ? undefined : 'Permission denied';
    // A new entry: the nearest existing directory above it must let the user write and search.
    for (let dir = p.slice(0, p.lastIndexOf('/')) || '/'; ; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
      const d = this.locate(dir);
      const n = d.tree.get(d.rel);
      if (n?.kind === 'dir') return may(n, who, 0o3) ? undefined : 'Permission denied';
      if (dir === '/') return undefined;
    }
  }

  write(path: string, content: string, opts: { append?: boolean; mode?: number } = {}): boolean {
    const p = this.real(path);
    const loc = this.locate(p);
    if (loc.readOnly || loc.tree.get(loc.rel)?.kind === 'dir' || this.writeError(p)) return false;
    loc.tree.writeFile(loc.rel, content, this.now(), opts.mode, opts.append, this.creator?.());
    return true;
  }

  read(path: string): string | undefined {
    const n = this.node(path);
    return n?.kind === 'file' ? n.content : undefined;
  }

  isFile(path: string): boolean {
    return this.node(path)?.kind === 'file';
  }

  isDir(path: string): boolean {
    return this.node(path)?.kind === 'dir';
  }

  /** Whether anything (a dangling link included) is at `path`. */
  exists(path: string): boolean {
    return this.node(path, false) !== undefined;
  }

  /** Creates a directory and its parents; false on a read-only filesystem. */
  mkdirp(path: string): boolean {
    const p = this.real(path);
    const loc = this.locate(p);
    if (loc.tree.get(loc.rel)?.kind === 'dir') return true;
    if (loc.readOnly || this.writeError(p)) return false;
    loc.tree.mkdirp(loc.rel, this.now(), 0o755, this.creator?.());
    return true;
  }

  /** Sets the permission bits of a file or directory (links followed); false if there is none. */
  chmod(path: string, mode: number): boolean {
    const loc = this.locate(this.real(path));
    const n = loc.tree.get(loc.rel);
    if (!n || n.kind === 'link' || loc.readOnly) return false;
    loc.tree.nodes.set(loc.rel, { ...n, mode });
    return true;
  }

  /** Removes a file or link (not a directory, not a mount point); false if it cannot. */
  remove(path: string): boolean {
    const p = this.real(path, false);
    if (this.mounts.some((m) => m.path === p)) return false;
    const loc = this.locate(p);
    const n = loc.tree.get(loc.rel);
    if (!n || n.kind === 'dir' || loc.readOnly) return false;
    loc.tree.removeTree(loc.rel);
    return true;
  }

  /** Whether `path` is on a read-only mount. */
  isReadOnly(path: string): boolean {
    return this.locate(this.real(path)).readOnly;
  }

  /** Names directly inside a directory (links followed), sorted. */
  list(path: string): string[] {
    const p = this.real(path);
    const loc = this.locate(p);
    const names = new Set(loc.tree.children(loc.rel));
    const prefix = p === '/' ? '/' : `${p}/`;
    for (const m of this.mounts) if (m.path.startsWith(prefix) && !m.path.slice(prefix.length).includes('/')) names.add(m.path.slice(prefix.length));
    return [...names].sort();
  }

  /** The node at `path` without following a final symlink, with what `ls -l` needs. */
  lstat(path: string, follow = false): StatResult | undefined {
    const p = this.real(path, follow);
    const loc = this.locate(p);
    const node = loc.tree.get(loc.rel);
    if (!node) return undefined;
    let subdirs = 0;
    let entries = 0;
    if (node.kind === 'dir') {
      for (const n of this.list(p)) {
        entries++;
        const c = this.locate(p === '/' ? `/${n}` : `${p}/${n}`);
        if (c.tree.get(c.rel)?.kind === 'dir') subdirs++;
      }
    }
    return { node, medium: loc.tree.medium, readOnly: loc.readOnly, subdirs, entries, overlay: loc.overlay };
  }
}
