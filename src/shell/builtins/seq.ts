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
  // Any length, written in chunks: a pipe's reader may stop it (`seq 1 1000000000 | head`), a
  // full pipe or file fails it (`seq: write error: No space left on device`), Ctrl-C ends it.
  let out: string[] = [];
  let prev = NaN;
  for (let i = 0; ; i++) {
    // From the index, not by adding: past 2^53 adding a small step changes nothing.
    const v = first + i * step;
    if (step > 0 ? v > last : v < last) break;
    if (v === prev) break;
    prev = v;
    out.push(String(v));
    if (out.length >= CHUNK_LINES) {
      ctx.stdout(out.join('\n') + '\n');
      out = [];
      if (!(await ctx.sleep(0))) return 130;
    }
  }
  if (out.length) ctx.stdout(out.join('\n') + '\n');
  return 0;
};

/** Lines per write: small enough to stop early, large enough to stay fast. */
const CHUNK_LINES = 65_536;
