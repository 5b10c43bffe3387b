/**
 * A container's filesystem, in memory: files as text by absolute path, plus directories.
 * Enough for `cat`, `ls`, `touch`, `rm`, `mkdir` and mounted ConfigMaps/Secrets.
 */
export class MemFs {
  private files = new Map<string, string>();
  private dirs = new Set<string>(['/']);
  private readOnly = new Set<string>();

  /** Normalises `path` against `cwd` (`.`/`..` resolved). */
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

  write(path: string, content: string, opts: { append?: boolean; readOnly?: boolean } = {}): boolean {
    const p = MemFs.resolve(path);
    if (this.isReadOnly(p) && !opts.readOnly) return false;
    this.mkdirp(p.slice(0, p.lastIndexOf('/')) || '/');
    this.files.set(p, opts.append ? (this.files.get(p) ?? '') + content : content);
    if (opts.readOnly) this.readOnly.add(p.slice(0, p.lastIndexOf('/')) || '/');
    return true;
  }

  read(path: string): string | undefined {
    return this.files.get(MemFs.resolve(path));
  }

  isFile(path: string): boolean {
    return this.files.has(MemFs.resolve(path));
  }

  isDir(path: string): boolean {
    return this.dirs.has(MemFs.resolve(path));
  }

  mkdirp(path: string): void {
    let cur = '';
    for (const part of MemFs.resolve(path).split('/').filter(Boolean)) {
      cur += '/' + part;
      this.dirs.add(cur);
    }
  }

  remove(path: string): boolean {
    const p = MemFs.resolve(path);
    if (this.isReadOnly(p)) return false;
    return this.files.delete(p);
  }

  /** Names directly inside a directory, sorted. */
  list(path: string): string[] {
    const p = MemFs.resolve(path);
    const prefix = p === '/' ? '/' : p + '/';
    const names = new Set<string>();
    for (const k of [...this.files.keys(), ...this.dirs]) {
      if (k.startsWith(prefix) && k !== p) names.add(k.slice(prefix.length).split('/')[0]!);
    }
    return [...names].sort();
  }

  private isReadOnly(p: string): boolean {
    for (const ro of this.readOnly) if (p === ro || p.startsWith(ro + '/')) return true;
    return false;
  }
}
