/** `timeout DURATION COMMAND [ARG]...`: runs a command and interrupts it once DURATION of cluster time has passed. */
import type { Command, ExecContext } from '../../command/contract.ts';
import { childInterrupt } from '../../command/interrupt.ts';
import { parseInterval } from './misc.ts';

/**
 * Runs `COMMAND ARG...` with its own interrupt, which fires after DURATION (`9`, `2.5s`, `1m`)
 * or when the caller's does. Status: the command's own, or 124 when the time ran out, as GNU
 * timeout; 125 for a bad duration or missing operand.
 */
export const timeout: Command = async (args, ctx) => {
  const operands = args[0] === '--' ? args.slice(1) : args;
  const usage = "Try 'timeout --help' for more information.\n";
  if (operands.length < 2 || !ctx.shell) {
    ctx.stderr(`timeout: missing operand\n${usage}`);
    return 125;
  }
  const ms = parseInterval(operands[0]!);
  if (ms === undefined) {
    ctx.stderr(`timeout: invalid time interval '${operands[0]}'\n${usage}`);
    return 125;
  }
  const inner = childInterrupt(ctx.interrupt);
  let timedOut = false;
  let finished = false;
  // The timer uses the caller's sleep: it ends early (and does nothing) when the caller is interrupted.
  if (ms > 0) {
    void ctx.sleep(ms).then((elapsed) => {
      if (elapsed && !finished) {
        timedOut = true;
        inner.trigger();
      }
    });
  }
  const innerCtx: ExecContext = { ...ctx, interrupt: inner };
  // The command's words as they are: nested timeouts are not quoted and parsed again at each level.
  const status = await ctx.shell.runArgv(operands.slice(1), innerCtx);
  finished = true;
  return timedOut ? 124 : status;
};
