/**
 * `tar` inside containers: create (`c`), extract (`x`) and list (`t`) ustar archives on the
 * container's files, to a file or stdout (`f -`), with `-C DIR`, `v` and `O`. Busybox's
 * messages in busybox and Alpine images, GNU tar's in Debian-based ones. `kubectl cp` runs
 * `tar cf - PATH` and `tar -xmf - -C DIR` through it, as the real kubectl does.
 */
import type { CommandContext } from './commands.ts';
import { packTar, unpackTar, type TarMember } from './tar-format.ts';

interface TarArgs {
  mode?: 'c' | 'x' | 't';
  file?: string;
  dir?: string;
  verbose: boolean;
  toStdout: boolean;
  paths: string[];
}

function parse(args: string[]): TarArgs | string {
  const out: TarArgs = { verbose: false, toStdout: false, paths: [] };
  const pending: ('f' | 'C')[] = [];
  const letters = (s: string): string | undefined => {
    for (const ch of s) {
      if (ch === 'c' || ch === 'x' || ch === 't') out.mode = ch;
      else if (ch === 'f' || ch === 'C') pending.push(ch);
      else if (ch === 'v') out.verbose = true;
      else if (ch === 'O') out.toStdout = true;
      else if (!'mzjpoh'.includes(ch)) return ch;
    }
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (pending.length) {
      const which = pending.shift()!;
      if (which === 'f') out.file = a;
      else out.dir = a;
      continue;
    }
    if (a.startsWith('--')) {
      if (a === '--no-same-permissions' || a === '--no-same-owner') continue;
      if (a.startsWith('--directory=')) out.dir = a.slice(12);
      else if (a.startsWith('--file=')) out.file = a.slice(7);
      else return `unrecognized option '${a}'`;
      continue;
    }
    const bad = a.startsWith('-') ? letters(a.slice(1)) : i === 0 ? letters(a) : (out.paths.push(a), undefined);
    if (bad) return `invalid option -- '${bad}'`;
  }
  return out;
}

function modeString(m: TarMember): string {
  const bits = 'rwxrwxrwx';
  let out = m.dir ? 'd' : '-';
  for (let i = 0; i < 9; i++) out += m.mode & (1 << (8 - i)) ? bits[i] : '-';
  return out;
}

/** `tar tv`: GNU tar's `-rw-r--r-- root/root  SIZE YYYY-MM-DD HH:MM name`, or busybox's with seconds. */
function longListing(m: TarMember, gnu: boolean): string {
  const size = String(m.dir ? 0 : m.content.length);
  const iso = new Date(m.mtime).toISOString();
  if (gnu)
    return `${modeString(m)} root/root${' '.repeat(Math.max(1, 19 - 'root/root'.length - size.length))}${size} ${iso.slice(0, 10)} ${iso.slice(11, 16)} ${m.name}\n`;
  return `${modeString(m)} root/root ${size.padStart(9)} ${iso.slice(0, 10)} ${iso.slice(11, 19)} ${m.name}\n`;
}

/** The tar applet. */
export function* tar(ctx: CommandContext) {
  const sh = ctx.shell;
  const fs = sh.io.fs;
  const gnu = sh.io.dash === true;
  const parsed = parse(ctx.args);
  if (typeof parsed === 'string' || !parsed.mode) {
    ctx.err(
      gnu
        ? `tar: ${typeof parsed === 'string' ? parsed : "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options"}\nTry 'tar --help' or 'tar --usage' for more information.\n`
        : 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: tar c|x|t [-ZzJjahmvokO] [-f TARFILE] [-C DIR] [-T FILE] [-X FILE] [LONGOPT]... [FILE]...\n',
    );
    return gnu ? 2 : 1;
  }
  const a = parsed;
  const base = a.dir ? sh.abs(a.dir) : sh.cwd;
  if (a.dir && !fs.isDir(base)) {
    ctx.err(
      gnu
        ? `tar: ${a.dir}: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n`
        : `tar: can't change directory to '${a.dir}': No such file or directory\n`,
    );
    return gnu ? 2 : 1;
  }
  const at = (p: string) => (p.startsWith('/') ? p : `${base === '/' ? '' : base}/${p}`);

  if (a.mode === 'c') {
    if (!a.paths.length) {
      ctx.err(gnu ? "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n" : 'tar: empty archive\n');
      return gnu ? 2 : 1;
    }
    const members: TarMember[] = [];
    let failed = false;
    let warned = false;
    const add = (abs: string, name: string) => {
      const st = fs.lstat(abs, true);
      if (!st) return;
      if (fs.isDir(abs)) {
        members.push({ name: `${name}/`, dir: true, content: '', mode: 'mode' in st.node ? st.node.mode : 0o755, mtime: st.node.mtime ?? 0 });
        for (const child of fs.list(abs)) add(`${abs === '/' ? '' : abs}/${child}`, `${name}/${child}`);
      } else members.push({ name, dir: false, content: fs.read(abs) ?? '', mode: 'mode' in st.node ? st.node.mode : 0o644, mtime: st.node.mtime ?? 0 });
      if (a.verbose) (a.file === '-' || !a.file ? ctx.err : ctx.out)(`${name}${fs.isDir(abs) ? '/' : ''}\n`);
    };
    for (const p of a.paths) {
      const abs = at(p);
      if (p.startsWith('/') && gnu && !warned) {
        ctx.err("tar: Removing leading `/' from member names\n");
        warned = true;
      }
      if (!fs.exists(abs)) {
        ctx.err(gnu ? `tar: ${p}: Cannot stat: No such file or directory\n` : `tar: ${p}: No such file or directory\n`);
        failed = true;
        continue;
      }
      if (p.startsWith('/') && !gnu && !warned) {
        ctx.err("tar: removing leading '/' from member names\n");
        warned = true;
      }
      add(abs, p.replace(/^\/+/, '').replace(/\/+$/, '') || '.');
    }
    const archive = packTar(members);
    if (!a.file || a.file === '-') ctx.out(archive);
    else if (!fs.write(sh.abs(a.file), archive)) {
      ctx.err(gnu ? `tar: ${a.file}: Cannot open: Read-only file system\n` : `tar: can't open '${a.file}': Read-only file system\n`);
      return gnu ? 2 : 1;
    }
    if (failed) ctx.err(gnu ? 'tar: Exiting with failure status due to previous errors\n' : 'tar: error exit delayed from previous errors\n');
    return failed ? (gnu ? 2 : 1) : 0;
  }

  const data = !a.file || a.file === '-' ? ctx.stdin : fs.read(sh.abs(a.file));
  if (data === undefined) {
    ctx.err(
      gnu
        ? `tar: ${a.file}: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n`
        : `tar: can't open '${a.file}': No such file or directory\n`,
    );
    return gnu ? 2 : 1;
  }
  const members = unpackTar(data);
  if ('error' in members) {
    ctx.err(gnu ? 'tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n' : `tar: ${members.error}\n`);
    return gnu ? 2 : 1;
  }
  for (const m of members) {
    if (a.mode === 't' && a.verbose) ctx.out(longListing(m, gnu));
    else if (a.mode === 't' || a.verbose) ctx.out(`${m.name}\n`);
    if (a.mode === 't') continue;
    if (a.toStdout) {
      if (!m.dir) ctx.out(m.content);
      continue;
    }
    const target = at(m.name.replace(/\/$/, ''));
    const ok = m.dir ? fs.mkdirp(target) : fs.mkdirp(target.slice(0, target.lastIndexOf('/')) || '/') && fs.write(target, m.content);
    if (!ok) {
      ctx.err(
        gnu
          ? `tar: ${m.name}: Cannot open: Read-only file system\ntar: Exiting with failure status due to previous errors\n`
          : `tar: can't create '${m.name}': Read-only file system\n`,
      );
      return gnu ? 2 : 1;
    }
  }
  return 0;
}
