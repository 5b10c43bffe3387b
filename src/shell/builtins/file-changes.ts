/** The builtins that change the terminal's files: mkdir, touch, rm, cp, mv (loaded on first use). */
import type { Command, ExecContext } from '../../command/contract.ts';
import { basename, dirname } from '../path.ts';
import { abs, parseArgs } from './util.ts';

export const mkdir: Command = async (args, ctx) => {
  const p = parseArgs('mkdir', args, { bool: 'pv', long: { parents: 'p' } }, ctx);
  if (!p) return 1;
  if (!p.operands.length) return missing('mkdir', ctx);
  let status = 0;
  for (const name of p.operands) {
    const path = abs(ctx, name);
    const fail = (why: string): void => {
      ctx.stderr(`mkdir: cannot create directory '${name}': ${why}\n`);
      status = 1;
    };
    if (ctx.fs.exists(path)) {
      if (!(p.flags.has('p') && ctx.fs.isDir(path))) fail('File exists');
      continue;
    }
    if (!p.flags.has('p') && !ctx.fs.isDir(dirname(path))) {
      fail(ctx.fs.exists(dirname(path)) ? 'Not a directory' : 'No such file or directory');
      continue;
    }
    if (!ctx.fs.mkdir || !ctx.fs.mkdir(path)) fail(ctx.fs.mkdir ? 'Not a directory' : 'Operation not supported');
  }
  return status;
};

export const touch: Command = async (args, ctx) => {
  const p = parseArgs('touch', args, { bool: 'acm' }, ctx);
  if (!p) return 1;
  if (!p.operands.length) return missing('touch', ctx);
  let status = 0;
  for (const name of p.operands) {
    const path = abs(ctx, name);
    if (ctx.fs.exists(path)) continue;
    if (!ctx.fs.isDir(dirname(path))) {
      ctx.stderr(`touch: cannot touch '${name}': No such file or directory\n`);
      status = 1;
      continue;
    }
    ctx.fs.write(path, '');
  }
  return status;
};

export const rm: Command = async (args, ctx) => {
  const p = parseArgs('rm', args, { bool: 'rRfdiv', long: { recursive: 'r', force: 'f' } }, ctx);
  if (!p) return 1;
  const force = p.flags.has('f');
  const recursive = p.flags.has('r') || p.flags.has('R');
  if (!p.operands.length && !force) return missing('rm', ctx);
  let status = 0;
  for (const name of p.operands) {
    const path = abs(ctx, name);
    if (!ctx.fs.exists(path)) {
      if (!force) {
        ctx.stderr(`rm: cannot remove '${name}': No such file or directory\n`);
        status = 1;
      }
      continue;
    }
    if (ctx.fs.isDir(path) && !recursive) {
      ctx.stderr(`rm: cannot remove '${name}': Is a directory\n`);
      status = 1;
      continue;
    }
    if (!ctx.fs.remove(path)) {
      ctx.stderr(`rm: cannot remove '${name}': Permission denied\n`);
      status = 1;
    }
  }
  return status;
};

/** cp and mv: files only (and whole directories with cp -r / mv). */
function copyOrMove(cmd: 'cp' | 'mv'): Command {
  return async (args, ctx) => {
    const p = parseArgs(cmd, args, { bool: cmd === 'cp' ? 'rRfvai' : 'fvin', long: { recursive: 'r', force: 'f' } }, ctx);
    if (!p) return 1;
    if (p.operands.length === 0) return missing(cmd, ctx);
    if (p.operands.length === 1) {
      ctx.stderr(`${cmd}: missing destination file operand after '${p.operands[0]}'\nTry '${cmd} --help' for more information.\n`);
      return 1;
    }
    const sources = p.operands.slice(0, -1);
    const destName = p.operands[p.operands.length - 1]!;
    const dest = abs(ctx, destName);
    const destIsDir = ctx.fs.isDir(dest);
    if (sources.length > 1 && !destIsDir) {
      ctx.stderr(`${cmd}: target '${destName}': Not a directory\n`);
      return 1;
    }
    let status = 0;
    for (const name of sources) {
      const src = abs(ctx, name);
      if (!ctx.fs.exists(src)) {
        ctx.stderr(`${cmd}: cannot stat '${name}': No such file or directory\n`);
        status = 1;
        continue;
      }
      const target = destIsDir ? dest + '/' + basename(src) : dest;
      if (target === src) {
        ctx.stderr(`${cmd}: '${name}' and '${destName}' are the same file\n`);
        status = 1;
        continue;
      }
      if (!ctx.fs.isDir(dirname(target))) {
        ctx.stderr(`${cmd}: cannot create regular file '${destName}': No such file or directory\n`);
        status = 1;
        continue;
      }
      if (ctx.fs.isDir(src)) {
        if (cmd === 'cp' && !p.flags.has('r') && !p.flags.has('R') && !p.flags.has('a')) {
          ctx.stderr(`cp: -r not specified; omitting directory '${name}'\n`);
          status = 1;
          continue;
        }
        if (target.startsWith(src + '/')) {
          ctx.stderr(`${cmd}: cannot ${cmd === 'cp' ? 'copy' : 'move'} a directory, '${name}', into itself, '${destName}'\n`);
          status = 1;
          continue;
        }
        ctx.fs.mkdir?.(target);
        for (const f of ctx.fs.walk(src)) ctx.fs.write(target + f.slice(src.length), ctx.fs.read(f) ?? '');
        for (const d of listDirs(ctx, src)) ctx.fs.mkdir?.(target + d.slice(src.length));
      } else {
        ctx.fs.write(target, ctx.fs.read(src) ?? '');
      }
      if (cmd === 'mv') ctx.fs.remove(src);
    }
    return status;
  };
}

function listDirs(ctx: ExecContext, dir: string): string[] {
  const out: string[] = [];
  for (const e of ctx.fs.list(dir)) {
    if (!e.endsWith('/')) continue;
    const d = (dir === '/' ? '' : dir) + '/' + e.slice(0, -1);
    out.push(d, ...listDirs(ctx, d));
  }
  return out;
}

export const cp = copyOrMove('cp');
export const mv = copyOrMove('mv');

function missing(cmd: string, ctx: ExecContext): number {
  ctx.stderr(`${cmd}: missing operand\nTry '${cmd} --help' for more information.\n`);
  return 1;
}
