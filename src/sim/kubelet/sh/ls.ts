/**
 * Busybox `ls` inside containers: one name per line (names in columns on a terminal), `-a`,
 * `-A`, `-d`, `-1`, `-L` (follow links) and the long format of `-l` with busybox's columns
 * (`%-10s %4lu %-8.8s %-8.8s %9lu Mmm dd hh:mm name`) and its `total` line, so a mounted
 * ConfigMap shows its `..data` links as on a real node. The owner columns name the file's uid
 * and gid from the container's own /etc/passwd and /etc/group, and show the number where the
 * image has no name for it (`1000     2000`).
 */
import { MemFs, type StatResult } from '../mem-fs.ts';
import { ownerOf } from '../volumes/fs-tree.ts';
import type { CommandContext } from './commands.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `drwxr-xr-x`, `lrwxrwxrwx`, `drwxrwxrwt`, as bb_mode_string prints a mode. */
export function modeString(st: StatResult): string {
  const n = st.node;
  const type = n.kind === 'dir' ? 'd' : n.kind === 'link' ? 'l' : '-';
  const mode = n.kind === 'link' ? 0o777 : n.mode;
  let s = type;
  for (const shift of [6, 3, 0]) {
    const bits = (mode >> shift) & 7;
    s += bits & 4 ? 'r' : '-';
    s += bits & 2 ? 'w' : '-';
    let x = bits & 1 ? 'x' : '-';
    if (shift === 0 && mode & 0o1000) x = bits & 1 ? 't' : 'T';
    if (shift === 6 && mode & 0o4000) x = bits & 1 ? 's' : 'S';
    if (shift === 3 && mode & 0o2000) x = bits & 1 ? 's' : 'S';
    s += x;
  }
  return s;
}

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Size, link count and 512-byte blocks of a node, as ext4, tmpfs and overlayfs report them. */
/** busybox's terminal width when the terminal reports none. */
const TERMINAL_WIDTH = 80;

/**
 * Names as busybox's ls prints them on a terminal: columns as wide as the longest name plus two,
 * filled top to bottom, the last of each row unpadded.
 */
function inColumns(names: string[]): string {
  if (!names.length) return '';
  const width = Math.max(...names.map(utf8Length)) + 2;
  const cols = Math.max(1, Math.floor(TERMINAL_WIDTH / width));
  const rows = Math.ceil(names.length / cols);
  let out = '';
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < cols && c * rows + r < names.length; c++) row.push(names[c * rows + r]!);
    out += row.map((n, i) => (i < row.length - 1 ? n + ' '.repeat(width - utf8Length(n)) : n)).join('') + '\n';
  }
  return out;
}

function sizes(st: StatResult): { size: number; nlink: number; blocks: number } {
  const n = st.node;
  if (n.kind === 'link') return { size: utf8Length(n.target), nlink: 1, blocks: 0 };
  if (n.kind === 'file') {
    const size = utf8Length(n.content);
    return { size, nlink: 1, blocks: Math.ceil(size / 4096) * 8 };
  }
  if (st.overlay) return { size: 4096, nlink: 1, blocks: 8 };
  if (st.medium === 'tmpfs') return { size: (st.entries + 2) * 20, nlink: 2 + st.subdirs, blocks: 0 };
  return { size: 4096, nlink: 2 + st.subdirs, blocks: 8 };
}

/** `Dec  1 10:00` within six months of now, `Dec  1  2025` otherwise (UTC, the container's zone). */
function fileTime(mtime: number, now: number): string {
  const d = new Date(mtime);
  const day = String(d.getUTCDate()).padStart(2, ' ');
  const age = (now - mtime) / 1000;
  const tail = age < (3600 * 24 * 365) / 2 && age > -15 * 60
    ? `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`
    : ` ${d.getUTCFullYear()}`;
  return `${MONTHS[d.getUTCMonth()]} ${day} ${tail}`;
}

/** Names by id from an /etc/passwd or /etc/group (field 3 is the id). */
export function idNames(text: string | undefined): Map<number, string> {
  const names = new Map<number, string>();
  for (const line of (text ?? '').split('\n')) {
    const f = line.split(':');
    if (f.length >= 3 && /^\d+$/.test(f[2]!) && !names.has(Number(f[2]))) names.set(Number(f[2]), f[0]!);
  }
  return names;
}

/** The owner columns: the container's names for the uid and gid, the numbers where it has none. */
interface OwnerNames {
  users: Map<number, string>;
  groups: Map<number, string>;
}

function longLine(name: string, st: StatResult, now: number, names: OwnerNames): string {
  const { size, nlink } = sizes(st);
  const link = st.node.kind === 'link' ? ` -> ${st.node.target}` : '';
  const { uid, gid } = ownerOf(st.node);
  const user = (names.users.get(uid) ?? String(uid)).slice(0, 8);
  const group = (names.groups.get(gid) ?? String(gid)).slice(0, 8);
  return `${modeString(st).padEnd(10)} ${String(nlink).padStart(4)} ${user.padEnd(8)} ${group.padEnd(8)} ${String(size).padStart(9)} ${fileTime(st.node.mtime, now)} ${name}${link}\n`;
}

export function* ls(ctx: CommandContext) {
  const fs = ctx.shell.io.fs;
  const flags = new Set<string>();
  const targets: string[] = [];
  for (const a of ctx.args) {
    if (a.startsWith('-') && a.length > 1) for (const f of a.slice(1)) flags.add(f);
    else targets.push(a);
  }
  const long = flags.has('l');
  // On a terminal (`kubectl exec -t`) busybox lists names in columns, unless -1 asks for one a line.
  const columns = !!ctx.shell.io.terminal && !ctx.shell.io.coreutils && !flags.has('1');
  const now = ctx.shell.io.now();
  const owners: OwnerNames = { users: idNames(fs.read('/etc/passwd')), groups: idNames(fs.read('/etc/group')) };
  const join = (dir: string, n: string) => (dir === '/' ? `/${n}` : `${dir}/${n}`);
  let status = 0;
  const files: string[] = [];
  const dirs: string[] = [];
  for (const t of targets.length ? targets : ['.']) {
    const p = MemFs.resolve(t, ctx.shell.cwd);
    // Command-line symlinks to directories are followed unless -l or -d asks about the link itself.
    const st = fs.lstat(p, flags.has('L') || (!long && !flags.has('d')));
    if (!st) {
      // GNU ls names the operand in quotes and calls a missing operand serious trouble (2).
      if (ctx.shell.io.coreutils) {
        ctx.err(`ls: cannot access '${t}': No such file or directory\n`);
        status = 2;
      } else {
        ctx.err(`ls: ${t}: No such file or directory\n`);
        status = 1;
      }
    } else if (st.node.kind === 'dir' && !flags.has('d')) dirs.push(t);
    else files.push(t);
  }
  for (const f of files) {
    const st = fs.lstat(MemFs.resolve(f, ctx.shell.cwd))!;
    ctx.out(long ? longLine(f, st, now, owners) : `${f}\n`);
  }
  dirs.forEach((d, i) => {
    if (files.length || dirs.length > 1) ctx.out(`${files.length || i ? '\n' : ''}${d}:\n`);
    const p = MemFs.resolve(d, ctx.shell.cwd);
    let names = fs.list(p);
    if (!flags.has('a') && !flags.has('A')) names = names.filter((n) => !n.startsWith('.'));
    if (flags.has('a')) names = ['.', '..', ...names];
    const deref = flags.has('L');
    const entries = names.map((n) => ({ n, st: fs.lstat(n === '.' ? p : n === '..' ? MemFs.resolve('..', p) : join(p, n), deref) }));
    if (long) {
      const blocks = entries.reduce((sum, e) => sum + (e.st ? sizes(e.st).blocks : 0), 1);
      ctx.out(`total ${blocks >> 1}\n`);
    }
    const shown = entries.filter((e) => e.st);
    if (!long && columns) return void ctx.out(inColumns(shown.map((e) => e.n)));
    for (const e of shown) ctx.out(long ? longLine(e.n, e.st!, now, owners) : `${e.n}\n`);
  });
  return status;
}
