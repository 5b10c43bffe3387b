/** Small builtins a terminal uses from its first lines: sleep, export, history, clear, true, false, exit (env, unset: environment.ts; date: date.ts; which, type: which.ts). */
import type { Command } from '../../command/contract.ts';
import { shellState } from '../shell-access.ts';
import { ArithError } from '../../shell-grammar/arith-error.ts';
import { AssignError, assign, declareLine } from '../variables.ts';

/** Parses `1`, `0.5`, `2m`, `1h`, `1d` into milliseconds; undefined when invalid. */
export function parseInterval(s: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(s);
  if (!m) return undefined;
  const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Math.round(Number(m[1]) * unit);
}

/** `sleep N...`: waits in cluster time; Ctrl-C ends it early (status 130). */
export const sleep: Command = async (args, ctx) => {
  const operands = args.filter((a) => a !== '--');
  if (!operands.length) {
    ctx.stderr("sleep: missing operand\nTry 'sleep --help' for more information.\n");
    return 1;
  }
  let total = 0;
  for (const a of operands) {
    const ms = parseInterval(a);
    if (ms === undefined) {
      ctx.stderr(`sleep: invalid time interval '${a}'\nTry 'sleep --help' for more information.\n`);
      return 1;
    }
    total += ms;
  }
  return (await ctx.sleep(total)) ? 0 : 130;
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const EXPORT_USAGE = 'export [-fn] [name[=value] ...] or export -p';

/**
 * `export [-n] [NAME[=VALUE]...]`: marks variables for the environment of the programs the
 * shell runs (`env`, `kubectl`...); `-n` takes the mark away; alone (or `-p`), lists them.
 */
export const exportCmd: Command = async (args, ctx) => {
  const state = shellState(ctx);
  let i = 0;
  let remove = false;
  let print = false;
  for (; i < args.length && /^-[A-Za-z]+$/.test(args[i]!); i++) {
    for (const c of args[i]!.slice(1)) {
      if (c === 'n') remove = true;
      else if (c === 'p') print = true;
      else if (c !== 'f') {
        ctx.stderr(`bash: export: -${c}: invalid option\nexport: usage: ${EXPORT_USAGE}\n`);
        return 2;
      }
    }
  }
  if (args[i] === '--') i++;
  const operands = args.slice(i);
  if (!state) return 1;
  if (!operands.length || (print && !remove)) {
    for (const k of [...state.exported].sort()) {
      const line = declareLine(state.variables, k, true);
      if (line !== undefined) ctx.stdout(line + '\n');
    }
    return 0;
  }
  let status = 0;
  for (const a of operands) {
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (!NAME.test(name)) {
      ctx.stderr(`bash: export: \`${a}': not a valid identifier\n`);
      status = 1;
      continue;
    }
    if (remove) {
      state.exported.delete(name);
      continue;
    }
    if (eq >= 0) {
      try {
        assign(state.variables, { name }, a.slice(eq + 1));
      } catch (e) {
        if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
        ctx.stderr(`bash: ${e.message}\n`);
        status = 1;
        continue;
      }
    }
    state.exported.add(name);
  }
  return status;
};

export const history: Command = async (args, ctx) => {
  if (args[0] === '-c') {
    ctx.shell?.clearHistory();
    return 0;
  }
  const list = ctx.shell?.history() ?? [];
  let from = 0;
  if (args[0] !== undefined) {
    const n = Number(args[0]);
    if (!Number.isInteger(n) || n < 0) {
      ctx.stderr(`bash: history: ${args[0]}: numeric argument required\n`);
      return 1;
    }
    from = Math.max(0, list.length - n);
  }
  for (let i = from; i < list.length; i++) ctx.stdout(`${String(i + 1).padStart(5)}  ${list[i]}\n`);
  return 0;
};

export const clear: Command = async (_args, ctx) => {
  ctx.shell?.clearScreen();
  return 0;
};

export const trueCmd: Command = async () => 0;
export const falseCmd: Command = async () => 1;

export const exit: Command = async (_args, ctx) => {
  ctx.stdout('There is nothing to exit to: this terminal belongs to the page and stays open.\n(Reload the page for a fresh terminal; your cluster is kept.)\n');
  return 0;
};
