/** `echo`: kept apart from the other text builtins because scripts use it constantly, so it loads with the shell. */
import type { Command } from '../../command/contract.ts';
import { unescapeAnsiC } from '../../shell-grammar/ansi-c.ts';

/** `echo [-neE] [ARG]...`: the arguments joined by spaces; `-e` interprets backslash escapes, `-n` drops the newline. */
export const echo: Command = async (args, ctx) => {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i++) {
    for (const c of args[i]!.slice(1)) {
      if (c === 'n') newline = false;
      else if (c === 'e') escapes = true;
      else escapes = false;
    }
  }
  let text = args.slice(i).join(' ');
  if (escapes) {
    const stop = text.indexOf('\\c');
    if (stop >= 0) {
      text = text.slice(0, stop);
      newline = false;
    }
    text = unescapeAnsiC(text.replace(/\\0([0-7]{1,3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8))));
  }
  ctx.stdout(text + (newline ? '\n' : ''));
  return 0;
};
