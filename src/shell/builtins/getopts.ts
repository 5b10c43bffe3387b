/**
 * `getopts OPTSTRING NAME [ARG...]`: the next option of the positional parameters (or ARGs),
 * as bash 5.2 parses them: OPTIND and OPTARG, grouped options (`-ac`), option arguments joined
 * or separate (`-bval`, `-b val`), `--`, and the silent mode of a leading `:`.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { shellState, type ShellState } from '../shell-access.ts';
import { AssignError, assign, unsetVariable } from '../variables.ts';

/** Where getopts is inside a group of options (`-abc`): per shell, as bash keeps it. */
const cursors = new WeakMap<ShellState['variables']['vars'], { optind: number; char: number }>();

/** `getopts`. */
export const getopts: Command = async (args, ctx) => {
  const state = shellState(ctx);
  if (!state) return 1;
  if (args.length < 2) {
    ctx.stderr('getopts: usage: getopts optstring name [arg ...]\n');
    return 2;
  }
  const [spec, name] = [args[0]!, args[1]!];
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    ctx.stderr(`bash: getopts: \`${name}': not a valid identifier\n`);
    return 1;
  }
  const list = args.length > 2 ? args.slice(2) : state.positional;
  const vars = state.variables.vars;
  const silent = spec.startsWith(':');
  let optind = Number(vars.OPTIND ?? '1');
  if (!Number.isInteger(optind) || optind < 1) optind = 1;
  // A new OPTIND (a fresh loop, `OPTIND=1`, `local OPTIND`) starts at the beginning of its word.
  let cursor = cursors.get(vars);
  if (!cursor || cursor.optind !== optind) cursor = { optind, char: 1 };
  const set = (n: string, v: string): boolean => setVar(state, ctx, n, v);
  const word = list[optind - 1];
  if (cursor.char === 1 && (word === undefined || word === '-' || !word.startsWith('-'))) return finish(state, ctx, name, optind);
  if (cursor.char === 1 && word === '--') return finish(state, ctx, name, optind + 1);
  const c = word![cursor.char]!;
  let next = { optind, char: cursor.char + 1 };
  if (next.char >= word!.length) next = { optind: optind + 1, char: 1 };
  const known = c !== ':' && spec.includes(c);
  const takesArg = known && spec[spec.indexOf(c) + 1] === ':';
  let status = 0;
  if (!known) {
    if (silent) set('OPTARG', c);
    else {
      ctx.stderr(`bash: illegal option -- ${c}\n`);
      unsetVariable(state.variables, 'OPTARG');
    }
    if (!set(name, '?')) status = 1;
  } else if (takesArg) {
    // The argument is the rest of this word, or the next word.
    const rest = word!.slice(cursor.char + 1);
    let arg: string | undefined = rest;
    if (rest === '') {
      arg = list[optind];
      next = { optind: optind + 2, char: 1 };
    } else next = { optind: optind + 1, char: 1 };
    if (arg === undefined) {
      next = { optind: optind + 1, char: 1 };
      if (silent) {
        set(name, ':');
        set('OPTARG', c);
      } else {
        ctx.stderr(`bash: option requires an argument -- ${c}\n`);
        set(name, '?');
        unsetVariable(state.variables, 'OPTARG');
      }
    } else {
      set('OPTARG', arg);
      if (!set(name, c)) status = 1;
    }
  } else {
    unsetVariable(state.variables, 'OPTARG');
    if (!set(name, c)) status = 1;
  }
  set('OPTIND', String(next.optind));
  cursors.set(vars, next);
  return status;
};

/** No more options: NAME is `?`, OPTIND points past them, status 1. */
function finish(state: ShellState, ctx: ExecContext, name: string, optind: number): number {
  setVar(state, ctx, name, '?');
  setVar(state, ctx, 'OPTIND', String(optind));
  cursors.delete(state.variables.vars);
  return 1;
}

function setVar(state: ShellState, ctx: ExecContext, name: string, value: string): boolean {
  try {
    assign(state.variables, { name }, value);
    return true;
  } catch (e) {
    if (!(e instanceof AssignError)) throw e;
    ctx.stderr(`bash: ${e.message}\n`);
    return false;
  }
}
