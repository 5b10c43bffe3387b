/**
 * `bash -c 'COMMANDS' [NAME [ARG...]]` and `bash FILE [ARG...]`: a new bash, as a program the
 * shell starts: it sees only the exported variables, none of the functions, aliases or traps,
 * and takes `set` options before `-c` (`bash -eu -c ...`, `bash -o pipefail -c ...`). An
 * interactive bash inside the terminal is not offered.
 */
import type { Command } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { OPTIONS } from '../shell-options.ts';
import { abs } from './util.ts';

const LETTERS = new Map(OPTIONS.filter(([, l]) => l).map(([n, l]) => [l!, n]));
const NAMES = new Set(OPTIONS.map(([n]) => n));

/** `bash`. */
export const bash: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  const options = new Set<string>();
  let command: string | undefined;
  let i = 0;
  for (; i < args.length && /^[-+]./.test(args[i]!) && args[i] !== '--'; i++) {
    const a = args[i]!;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'c' && a[0] === '-') {
        command = '';
        continue;
      }
      if (c === 'o') {
        const name = args[++i];
        if (name === undefined || !NAMES.has(name)) {
          ctx.stderr(`bash: ${name ?? ''}: invalid option name\n`);
          return 2;
        }
        if (a[0] === '-') options.add(name);
        continue;
      }
      const name = LETTERS.get(c);
      if (!name) {
        ctx.stderr(`bash: ${a[0]}${c}: invalid option\nUsage:\tbash [GNU long option] [option] ...\n\tbash [GNU long option] [option] script-file ...\n`);
        return 2;
      }
      if (a[0] === '-') options.add(name);
    }
  }
  if (args[i] === '--') i++;
  const rest = args.slice(i);
  if (command !== undefined) {
    if (!rest.length) {
      ctx.stderr('bash: -c: option requires an argument\n');
      return 2;
    }
    return state.runProgram(rest[0]!, rest[1] ?? 'bash', rest.slice(2), options, ctx);
  }
  if (!rest.length) {
    ctx.stderr('bash: an interactive bash inside this terminal is not available; run the commands here, or use bash -c or bash FILE\n');
    return 1;
  }
  const path = abs(ctx, rest[0]!);
  const text = ctx.fs.isDir(path) ? undefined : ctx.fs.read(path);
  if (text === undefined) {
    ctx.stderr(`bash: ${rest[0]}: ${ctx.fs.isDir(path) ? 'Is a directory' : 'No such file or directory'}\n`);
    return ctx.fs.isDir(path) ? 126 : 127;
  }
  return state.runProgram(text, rest[0]!, rest.slice(1), options, ctx, true);
};
