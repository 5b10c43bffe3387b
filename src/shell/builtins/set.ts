/**
 * `set`: the positional parameters (`set -- a b`, `set a b`) and the shell's options (`-e`,
 * `-u`, `-x`, `-f`, `-o pipefail`...), with bash's listings (`set -o`, `set +o`, `set` alone)
 * and messages. What each option does lives where it acts: errexit in shell.ts, nounset in
 * parameters.ts, xtrace in simple.ts, pipefail in the pipeline, noglob in expand.ts.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { shellState, type ShellState } from '../shell-access.ts';
import { arrayKeys, declareQuote } from '../variables.ts';
import { printFunction } from '../print.ts';
import { OPTIONS } from '../shell-options.ts';
import { shellQuote } from '../shell-quote.ts';

const USAGE = 'set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]';
const BY_LETTER = new Map(OPTIONS.filter(([, l]) => l).map(([n, l]) => [l!, n]));
const NAMES = new Set(OPTIONS.map(([n]) => n));

/** `set [-+OPTIONS] [-o NAME] [--] [ARG...]`. */
export const set: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  if (!args.length) return listVariables(state, ctx);
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      state.positional = args.slice(i + 1);
      return 0;
    }
    if (a === '-') {
      // `set -` ends the options and turns -x and -v off.
      state.options.delete('xtrace');
      state.options.delete('verbose');
      state.positional = args.slice(i + 1);
      return 0;
    }
    if (!/^[-+]./.test(a)) break;
    const on = a[0] === '-';
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'o') {
        const name = args[i + 1];
        if (name === undefined) {
          listOptions(state, ctx, on);
          return 0;
        }
        i++;
        if (!NAMES.has(name)) {
          ctx.stderr(`bash: set: ${name}: invalid option name\n`);
          return 2;
        }
        setOption(state, name, on);
        continue;
      }
      const name = BY_LETTER.get(c);
      if (!name) {
        ctx.stderr(`bash: set: ${a[0]}${c}: invalid option\nset: usage: ${USAGE}\n`);
        return 2;
      }
      setOption(state, name, on);
    }
  }
  if (i < args.length) state.positional = args.slice(i);
  return 0;
};

function setOption(state: ShellState, name: string, on: boolean): void {
  if (on) state.options.add(name);
  else state.options.delete(name);
  // The line editor is emacs-like or vi-like, not both.
  if (on && name === 'vi') state.options.delete('emacs');
  if (on && name === 'emacs') state.options.delete('vi');
}

/** `set -o` (a table) or `set +o` (commands that would restore the options). */
function listOptions(state: ShellState, ctx: ExecContext, table: boolean): void {
  for (const [name] of OPTIONS) {
    const on = state.options.has(name);
    ctx.stdout(table ? `${name.padEnd(15)}\t${on ? 'on' : 'off'}\n` : `set ${on ? '-' : '+'}o ${name}\n`);
  }
}

/** `set` alone: every variable as `NAME=VALUE` (quoted so it could be read back), then the functions. */
function listVariables(state: ShellState, ctx: ExecContext): number {
  const store = state.variables;
  const names = [...new Set([...Object.keys(store.vars), ...store.arrays.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const a = store.arrays.get(name);
    if (!a) {
      ctx.stdout(`${name}=${shellQuote(store.vars[name]!)}\n`);
      continue;
    }
    const keys = arrayKeys(a);
    const items = keys.map((k) => `[${k}]=${declareQuote((a.items as Map<string | number, string>).get(a.assoc ? k : Number(k))!)}`);
    ctx.stdout(`${name}=(${items.join(' ')}${a.assoc ? ' ' : ''})\n`);
  }
  for (const fn of [...state.functions.keys()].sort()) ctx.stdout(printFunction(state.functions.get(fn)!) + '\n');
  return 0;
}
