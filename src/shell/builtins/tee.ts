/** `tee [-a] [FILE]...`: copies its input to its output and to each file. */
import type { Command } from '../../command/contract.ts';
import { abs, parseArgs } from './util.ts';

/** GNU tee: `-a` appends, `-i` (ignore interrupts) and `-p` are accepted; a directory is refused with its message. */
export const tee: Command = async (args, ctx) => {
  const p = parseArgs('tee', args, { bool: 'aip', long: { append: 'a', 'ignore-interrupts': 'i' } }, ctx);
  if (!p) return 1;
  let status = 0;
  const targets: string[] = [];
  for (const name of p.operands) {
    const path = abs(ctx, name);
    if (ctx.fs.isDir(path)) {
      ctx.stderr(`tee: ${name}: Is a directory\n`);
      status = 1;
      continue;
    }
    const slash = path.lastIndexOf('/');
    const dir = path.slice(0, slash) || '/';
    if (!ctx.fs.isDir(dir)) {
      ctx.stderr(`tee: ${name}: No such file or directory\n`);
      status = 1;
      continue;
    }
    targets.push(path);
  }
  for (const path of targets) {
    if (path === '/dev/null') continue;
    const before = p.flags.has('a') ? (ctx.fs.read(path) ?? '') : '';
    ctx.fs.write(path, before + ctx.stdin);
  }
  ctx.stdout(ctx.stdin);
  return status;
};
