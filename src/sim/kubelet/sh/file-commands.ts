/** Filesystem and environment commands: cat, env, printenv, touch, rm, mkdir (ls is in ls.ts). */
import type { CommandContext } from './commands.ts';

export function* cat(ctx: CommandContext) {
  if (!ctx.args.length) {
    ctx.out(ctx.stdin);
    return 0;
  }
  let status = 0;
  for (const f of ctx.args) {
    if (f === '-') {
      ctx.out(ctx.stdin);
      continue;
    }
    const path = ctx.shell.abs(f);
    const content = ctx.shell.io.fs.read(path);
    if (content === undefined) {
      const dir = ctx.shell.io.fs.isDir(path);
      if (ctx.shell.io.coreutils) ctx.err(`cat: ${f}: ${dir ? 'Is a directory' : 'No such file or directory'}\n`);
      else ctx.err(dir ? `cat: read error: Is a directory\n` : `cat: can't open '${f}': No such file or directory\n`);
      status = 1;
    } else ctx.out(content);
  }
  return status;
}

export function* env(ctx: CommandContext) {
  const sh = ctx.shell;
  const names = [...sh.exported].filter((k) => sh.vars[k] !== undefined);
  for (const k of names) ctx.out(`${k}=${sh.vars[k]}\n`);
  return 0;
}

export function* printenv(ctx: CommandContext) {
  if (!ctx.args.length) return yield* env(ctx);
  let status = 0;
  for (const a of ctx.args) {
    const v = ctx.shell.exported.has(a) ? ctx.shell.vars[a] : undefined;
    if (v === undefined) status = 1;
    else ctx.out(v + '\n');
  }
  return status;
}

export function* touch(ctx: CommandContext) {
  for (const f of ctx.args.filter((a) => !a.startsWith('-'))) {
    const p = ctx.shell.abs(f);
    if (!ctx.shell.io.fs.isFile(p) && !ctx.shell.io.fs.write(p, '')) {
      ctx.err(`touch: ${f}: ${ctx.shell.io.fs.writeError(p) ?? 'Read-only file system'}\n`);
      return 1;
    }
  }
  return 0;
}

export function* rm(ctx: CommandContext) {
  const force = ctx.args.some((a) => /^-\w*f/.test(a));
  let status = 0;
  for (const f of ctx.args.filter((a) => !a.startsWith('-'))) {
    const p = ctx.shell.abs(f);
    if (ctx.shell.io.fs.remove(p)) continue;
    const cannot = ctx.shell.io.coreutils ? 'cannot remove' : "can't remove";
    if (ctx.shell.io.fs.exists(p) && ctx.shell.io.fs.isReadOnly(p)) {
      ctx.err(`rm: ${cannot} '${f}': Read-only file system\n`);
      status = 1;
    } else if (!force) {
      ctx.err(`rm: ${cannot} '${f}': No such file or directory\n`);
      status = 1;
    }
  }
  return status;
}

export function* mkdir(ctx: CommandContext) {
  let status = 0;
  for (const d of ctx.args.filter((a) => !a.startsWith('-'))) {
    if (!ctx.shell.io.fs.mkdirp(ctx.shell.abs(d))) {
      ctx.err(`mkdir: can't create directory '${d}': ${ctx.shell.io.fs.writeError(ctx.shell.abs(d)) ?? 'Read-only file system'}\n`);
      status = 1;
    }
  }
  return status;
}
