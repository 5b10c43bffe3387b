/**
 * One filesystem's contents: files, directories and symbolic links by path relative to the
 * filesystem's root (`''` is the root itself). A container's writable layer is one tree; each
 * volume (emptyDir, a claim's directory on the node, a ConfigMap's files) is another, mounted
 * into the containers that use it, so that two containers of a Pod see the same files and a
 * claim's files outlive the Pod.
 */

/**
 * What a node of the tree is. `mtime` is cluster time in ms; `uid` and `gid` are its owner
 * (absent: root, as for everything an image or the kubelet lays down).
 */
export type FsNode =
  | { kind: 'file'; content: string; mode: number; mtime: number; uid?: number; gid?: number }
  | { kind: 'dir'; mode: number; mtime: number; uid?: number; gid?: number }
  | { kind: 'link'; target: string; mtime: number };

/** The user a new node belongs to: the uid and primary gid of the process creating it. */
export interface Owner {
  uid: number;
  gid: number;
}

/** A node's owner (root when it has none recorded). */
export function ownerOf(n: FsNode): Owner {
  return n.kind === 'link' ? { uid: 0, gid: 0 } : { uid: n.uid ?? 0, gid: n.gid ?? 0 };
}

const SETGID = 0o2000;

/** `disk` (ext4 on the node) or `tmpfs` (memory): sizes, block counts and `mount` differ. */
export type Medium = 'disk' | 'tmpfs';

/** Joins relative path parts, dropping empty ones. */
export function joinRel(...parts: string[]): string {
  return parts.filter(Boolean).join('/');
}

/** The parent of a relative path (`''` for top-level names). */
export function parentRel(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

export class FsTree {
  readonly nodes = new Map<string, FsNode>();
  readonly medium: Medium;

  constructor(opts: { medium?: Medium; rootMode?: number; rootGid?: number; now?: number; root?: FsNode } = {}) {
    this.medium = opts.medium ?? 'disk';
    const root: FsNode = opts.root ?? { kind: 'dir', mode: opts.rootMode ?? 0o755, mtime: opts.now ?? 0 };
    if (opts.rootGid !== undefined && root.kind === 'dir') root.gid = opts.rootGid;
    this.nodes.set('', root);
  }

  /**
   * The owner of a node created in directory `parent` by `owner`: its uid, and its gid unless
   * the directory has the setgid bit, whose group new entries take, as the kernel does (and a
   * new directory there keeps the bit). No owner: root.
   */
  private created(parent: string, owner: Owner | undefined, dir: boolean): { uid?: number; gid?: number; setgid: boolean } {
    const p = this.nodes.get(parent);
    const inherit = p?.kind === 'dir' && (p.mode & SETGID) !== 0;
    const gid = inherit ? p.gid : owner?.gid;
    return { ...(owner?.uid ? { uid: owner.uid } : {}), ...(gid ? { gid } : {}), setgid: inherit && dir };
  }

  get(rel: string): FsNode | undefined {
    return this.nodes.get(rel);
  }

  /** Creates the missing directories of `rel` (itself included), owned by `owner` (root when absent). */
  mkdirp(rel: string, mtime: number, mode = 0o755, owner?: Owner): void {
    let cur = '';
    for (const part of rel.split('/').filter(Boolean)) {
      const parent = cur;
      cur = joinRel(cur, part);
      if (this.nodes.has(cur)) continue;
      const { setgid, ...ids } = this.created(parent, owner, true);
      this.nodes.set(cur, { kind: 'dir', mode: setgid ? mode | SETGID : mode, mtime, ...ids });
    }
  }

  /** Writes a file, creating its directories; a new file belongs to `owner` (root when absent), a rewritten one keeps its owner. */
  writeFile(rel: string, content: string, mtime: number, mode = 0o644, append = false, owner?: Owner): void {
    this.mkdirp(parentRel(rel), mtime, 0o755, owner);
    const old = this.nodes.get(rel);
    if (old?.kind === 'file') {
      this.nodes.set(rel, { ...old, content: append ? old.content + content : content, mtime });
      return;
    }
    const { setgid: _, ...ids } = this.created(parentRel(rel), owner, false);
    this.nodes.set(rel, { kind: 'file', content, mode, mtime, ...ids });
  }

  link(rel: string, target: string, mtime: number): void {
    this.mkdirp(parentRel(rel), mtime);
    this.nodes.set(rel, { kind: 'link', target, mtime });
  }

  /** Removes a node and everything under it. */
  removeTree(rel: string): void {
    for (const k of [...this.nodes.keys()]) if (k === rel || k.startsWith(`${rel}/`)) this.nodes.delete(k);
  }

  /** Names directly inside directory `rel`, sorted. */
  children(rel: string): string[] {
    const prefix = rel ? `${rel}/` : '';
    const out: string[] = [];
    for (const k of this.nodes.keys()) {
      if (k && k.startsWith(prefix) && !k.slice(prefix.length).includes('/')) out.push(k.slice(prefix.length));
    }
    return out.sort();
  }

  /** `rel` with the symlinks inside this tree followed (relative targets only), or undefined if missing. */
  resolve(rel: string): string | undefined {
    let pending = rel.split('/').filter(Boolean);
    let cur = '';
    for (let hops = 0; pending.length; ) {
      const part = pending.shift()!;
      if (part === '..') {
        cur = parentRel(cur);
        continue;
      }
      const next = joinRel(cur, part);
      const n = this.nodes.get(next);
      if (!n) return undefined;
      if (n.kind === 'link' && hops++ < 40) {
        if (n.target.startsWith('/')) return undefined;
        pending = [...n.target.split('/').filter((p) => p && p !== '.'), ...pending];
        continue;
      }
      cur = next;
    }
    return cur;
  }

  /** A copy of the subtree at `rel` as a tree of its own (a subPath mount's snapshot). */
  snapshot(rel: string): FsTree {
    const root = this.nodes.get(rel);
    const copy = new FsTree({ medium: this.medium, root: root ? { ...root } : undefined });
    for (const [k, n] of this.nodes) if (rel && k.startsWith(`${rel}/`)) copy.nodes.set(k.slice(rel.length + 1), { ...n });
    if (!rel) for (const [k, n] of this.nodes) if (k) copy.nodes.set(k, { ...n });
    return copy;
  }
}
