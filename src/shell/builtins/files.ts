/** The file builtins a terminal uses from its first lines: cat, pwd, cd (ls is ls.ts; mkdir, rm, touch, cp, mv are file-changes.ts). */
import type { Command } from '../../command/contract.ts';
import { abs, parseArgs, readAll, readInputs } from './util.ts';

/** `cat [-n] [FILE]...`: reads its input as it arrives (see streamsInput in commands.ts). */
export const cat: Command = async (args, ctx) => {
  const p = parseArgs('cat', args, { bool: 'nAEvtsu' }, ctx);
  if (!p) return 1;
  if (ctx.input && !p.operands.length && !p.flags.has('n')) {
    // Plain `cat` of its input passes it on as it arrives (`kubectl logs -f web | cat`).
    for (let chunk = await ctx.input.read(); chunk !== null; chunk = await ctx.input.read()) ctx.stdout(chunk);
    return 0;
  }
  const usesStdin = !p.operands.length || p.operands.includes('-');
  const stdin = ctx.input && usesStdin ? await readAll(ctx.input) : ctx.stdin;
  const { inputs, failed } = readInputs('cat', p.operands, { ...ctx, stdin });
  let text = inputs.map((i) => i.text).join('');
  if (p.flags.has('n') && text) {
    const ls = text.split('\n');
    const endsWithNewline = text.endsWith('\n');
    if (endsWithNewline) ls.pop();
    text = ls.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n') + (endsWithNewline ? '\n' : '');
  }
  ctx.stdout(text);
  return failed ? 1 : 0;
};

export const pwd: Command = async (_args, ctx) => {
  ctx.stdout(ctx.cwd + '\n');
  return 0;
};

export const cd: Command = async (args, ctx) => {
  const operands = args.filter((a) => a !== '--');
  if (operands.length > 1) {
    ctx.stderr('bash: cd: too many arguments\n');
    return 1;
  }
  let target = operands[0] ?? ctx.env.HOME ?? '/home/learner';
  if (target === '-') {
    target = ctx.env.OLDPWD ?? ctx.cwd;
    ctx.stdout(target + '\n');
  }
  const path = abs(ctx, target);
  if (!ctx.fs.exists(path)) {
    ctx.stderr(`bash: cd: ${target}: No such file or directory\n`);
    return 1;
  }
  if (!ctx.fs.isDir(path)) {
    ctx.stderr(`bash: cd: ${target}: Not a directory\n`);
    return 1;
  }
  ctx.shell?.chdir(path);
  return 0;
};
