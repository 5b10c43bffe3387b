/** `watch`: loaded on first use. */
import type { Command } from '../../command/contract.ts';
import { parseArgs } from './util.ts';

/** `watch [-n SECONDS] COMMAND...`: reruns the command every interval until Ctrl-C. */
export const watch: Command = async (args, ctx) => {
  const p = parseArgs('watch', args.slice(0, firstOperand(args)), { bool: 'tdx', value: 'n', long: { 'interval=': 'n', 'no-title': 't' } }, ctx);
  if (!p) return 1;
  const rest = args.slice(firstOperand(args));
  if (!rest.length || !ctx.shell) {
    ctx.stderr('Usage:\n watch [options] command\n');
    return 1;
  }
  const seconds = Number(p.flags.get('n') ?? 2);
  if (!(seconds > 0)) {
    ctx.stderr(`watch: failed to parse argument: '${String(p.flags.get('n'))}'\n`);
    return 1;
  }
  const line = rest.join(' ');
  ctx.streaming();
  for (;;) {
    ctx.shell.clearScreen();
    if (!p.flags.has('t')) ctx.stdout(`Every ${seconds.toFixed(1)}s: ${line}\n\n`);
    await ctx.shell.run(line, ctx);
    if (!(await ctx.sleep(seconds * 1000))) return 0;
  }
};

function firstOperand(args: string[]): number {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n' || a === '--interval') i++;
    else if (!a.startsWith('-')) return i;
  }
  return args.length;
}
