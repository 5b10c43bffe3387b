/** `seq`: loaded on first use. */
import type { Command } from '../../command/contract.ts';

/** `seq [FIRST [STEP]] LAST`: integers, one per line. */
export const seq: Command = async (args, ctx) => {
  const nums = args.map(Number);
  if (!args.length || args.length > 3 || nums.some((n) => !Number.isFinite(n))) {
    const bad = args.find((a) => !Number.isFinite(Number(a)));
    ctx.stderr(bad !== undefined ? `seq: invalid floating point argument: '${bad}'\nTry 'seq --help' for more information.\n` : "seq: missing operand\nTry 'seq --help' for more information.\n");
    return 1;
  }
  const [first, step, last] = nums.length === 1 ? [1, 1, nums[0]!] : nums.length === 2 ? [nums[0]!, 1, nums[1]!] : [nums[0]!, nums[1]!, nums[2]!];
  if (step === 0) {
    ctx.stderr(`seq: invalid Zero increment value: '${args[1]}'\nTry 'seq --help' for more information.\n`);
    return 1;
  }
  const out: string[] = [];
  for (let v = first; step > 0 ? v <= last : v >= last; v += step) {
    out.push(String(v));
    if (out.length >= 1_000_000) break;
  }
  ctx.stdout(out.length ? out.join('\n') + '\n' : '');
  return 0;
};
