/**
 * `kubectl cp SRC DEST`: copies files between the terminal's files and a container, the way
 * kubectl 1.32 does it. From a Pod it runs `tar cf - PATH` in the container and unpacks the
 * archive locally (tar's own messages, such as `Removing leading '/' from member names`, go
 * to stdout, as kubectl wires them); to a Pod it runs `test -d DEST`, then packs the local
 * files and runs `tar -xmf - -C DIR` there. A container without tar fails as exec does.
 */
import { packTar, unpackTar, type TarMember } from '../../../sim/on-demand.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { completePods } from '../complete.ts';
import { execContainer, execTarget, runRemote } from './remote.ts';

interface FileSpec {
  namespace?: string;
  pod?: string;
  file: string;
}

const FORMAT = 'filespec must match the canonical format: [[namespace/]pod:]file/path';

function fileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i === 0) throw new CliError(FORMAT);
  if (i < 0) return { file: arg };
  const pieces = arg.slice(0, i).split('/');
  if (pieces.length > 2) throw new CliError(FORMAT);
  return pieces.length === 2 ? { namespace: pieces[0], pod: pieces[1], file: arg.slice(i + 1) } : { pod: pieces[0], file: arg.slice(i + 1) };
}

/** path.Clean for slash paths. */
function clean(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(part);
  }
  const s = out.join('/');
  return abs ? `/${s}` : s || '.';
}

const local = (inv: Invocation, p: string) => clean(p.startsWith('/') ? p : `${inv.ctx.cwd}/${p}`);
const dirOf = (p: string) => (p.lastIndexOf('/') <= 0 ? (p.startsWith('/') ? '/' : '.') : p.slice(0, p.lastIndexOf('/')));
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const join = (a: string, b: string) => (b === '' ? a : a === '/' ? `/${b}` : `${a}/${b}`);

/** A remote command's failure ends kubectl with its code, as exec's does. */
function terminated(inv: Invocation, code: number): number {
  inv.err(`command terminated with exit code ${code}\n`);
  return code;
}

async function copyFromPod(inv: Invocation, src: FileSpec, dest: FileSpec): Promise<number> {
  const pod = execTarget(inv, src.namespace ?? inv.namespace, src.pod!);
  // kubectl gives the remote tar its stdout as the error stream.
  const container = execContainer(inv, pod, (t) => inv.out(t));
  const r = await runRemote(inv, pod, container, ['tar', 'cf', '-', src.file]);
  inv.out(r.stderr);
  if (r.code === 130) return 130;
  const members = unpackTar(r.stdout);
  if ('error' in members) throw new CliError(members.error === 'invalid tar magic' ? 'archive/tar: invalid tar header' : members.error);
  const prefix = clean(src.file.replace(/^\/+/, ''))
    .replace(/^(\.\.\/)+/, '')
    .replace(/^\.$/, '');
  const target = local(inv, dest.file);
  const fs = inv.ctx.fs;
  for (const m of members) {
    if (!m.name.startsWith(prefix)) throw new CliError('tar contents corrupted');
    const rest = clean(m.name.slice(prefix.length).replace(/^\/+/, '')).replace(/^\.$/, '');
    const path = rest ? join(target, rest) : target;
    fs.mkdir?.(dirOf(path));
    if (m.dir) {
      fs.mkdir?.(path);
      continue;
    }
    if (fs.isDir(path)) throw new CliError(`open ${dest.file.replace(/\/$/, '') || dest.file}: is a directory`);
    fs.write(path, m.content);
  }
  return r.code === 0 ? 0 : terminated(inv, r.code);
}

function localMembers(inv: Invocation, abs: string, name: string, out: TarMember[]): void {
  const fs = inv.ctx.fs;
  if (fs.isDir(abs)) {
    const entries = fs.list(abs);
    if (!entries.length) out.push({ name, dir: true, content: '', mode: 0o755, mtime: inv.client.now() });
    for (const e of entries) {
      const n = e.replace(/\/$/, '');
      localMembers(inv, join(abs, n), `${name}/${n}`, out);
    }
    return;
  }
  out.push({ name, dir: false, content: fs.read(abs) ?? '', mode: 0o644, mtime: inv.client.now() });
}

async function copyToPod(inv: Invocation, src: FileSpec, dest: FileSpec): Promise<number> {
  const from = local(inv, src.file);
  if (!inv.ctx.fs.exists(from)) throw new CliError(`${src.file} doesn't exist in local filesystem`);
  const pod = execTarget(inv, dest.namespace ?? inv.namespace, dest.pod!);
  let destFile = dest.file;
  // checkDestinationIsDir: its output and errors are discarded.
  try {
    const quiet = execContainer(inv, pod, () => undefined);
    if ((await runRemote(inv, pod, quiet, ['test', '-d', destFile])).code === 0) destFile = join(destFile, baseOf(from));
  } catch {
    // Not a directory as far as kubectl can tell; the tar run reports the real problem.
  }
  const destClean = clean(destFile);
  const members: TarMember[] = [];
  localMembers(inv, from, baseOf(destClean), members);
  const argv = ['tar', ...(inv.flags.bool('no-preserve') ? ['--no-same-permissions', '--no-same-owner'] : []), '-xmf', '-'];
  const destDir = dirOf(destClean);
  if (destDir) argv.push('-C', destDir);
  const container = execContainer(inv, pod, (t) => inv.err(t));
  const r = await runRemote(inv, pod, container, argv, packTar(members));
  inv.out(r.stdout);
  inv.err(r.stderr);
  if (r.code === 130) return 130;
  return r.code === 0 ? 0 : terminated(inv, r.code);
}

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length !== 2) throw new CliError('source and destination are required');
  const src = fileSpec(inv.args[0]!);
  const dest = fileSpec(inv.args[1]!);
  if (src.pod && dest.pod) throw new CliError('one of src or dest must be a local file specification');
  if (!src.file || !dest.file) throw new CliError('filepath can not be empty');
  if (src.pod) return copyFromPod(inv, src, dest);
  if (dest.pod) return copyToPod(inv, src, dest);
  throw new CliError('one of src or dest must be a remote file specification');
}

registerVerb({ name: 'cp', short: 'Copy files and directories to and from containers', run, complete: completePods });
