/** Shell-state and small builtins: sleep, export, unset, env, history, clear, true, false, date, exit, which, type (watch lives in watch.ts). */
import type { Command } from '../../command/contract.ts';
import { printFunction } from '../print.ts';
import { shellState } from '../shell-access.ts';
import { ArithError } from '../../shell-grammar/arith-error.ts';
import { arithCode, loadFailure } from '../shell-code.ts';
import { AssignError, arithScope, assign, declareLine, unsetVariable } from '../variables.ts';

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

/** `unset [-v|-f] NAME...`: variables, array elements (`unset 'a[1]'`) or, with `-f`, functions. */
export const unset: Command = async (args, ctx) => {
  const state = shellState(ctx);
  let functions = false;
  let status = 0;
  for (const a of args) {
    if (a === '-f' || a === '-v') {
      functions = a === '-f';
      continue;
    }
    if (a.startsWith('-')) continue;
    if (functions) {
      state?.functions.delete(a);
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(a);
    if (state?.variables.readonly?.has(m ? m[1]! : a)) {
      ctx.stderr(`bash: unset: ${m ? m[1]! : a}: cannot unset: readonly variable\n`);
      status = 1;
      continue;
    }
    if (!state) ctx.shell?.setEnv(a, undefined);
    else if (!m) {
      unsetVariable(state.variables, a);
      state.exported.delete(a);
    } else {
      const store = state.variables;
      const indexed = !store.arrays.get(m[1]!)?.assoc;
      if (indexed && !arithCode.loaded) {
        try {
          await arithCode.load(ctx.loadCode);
        } catch (e) {
          ctx.stderr(loadFailure(arithCode, e) + '\n');
          status = 1;
          continue;
        }
      }
      try {
        const key = indexed ? Number(arithCode.now().evalArith(m[2]! || '0', arithScope(store))) : m[2]!;
        unsetVariable(store, m[1]!, key);
      } catch (e) {
        if (!(e instanceof AssignError || e instanceof ArithError)) throw e;
        ctx.stderr(`bash: unset: ${e.message}\n`);
        status = 1;
      }
    }
  }
  return status;
};

/** `printenv [NAME...]`: the environment, or the named variables' values (status 1 when one is not in it). */
export const printenv: Command = async (args, ctx) => {
  if (!args.length) return env(args, ctx);
  let status = 0;
  for (const name of args) {
    const v = Object.prototype.hasOwnProperty.call(ctx.env, name) ? ctx.env[name] : undefined;
    if (v === undefined) status = 1;
    else ctx.stdout(v + '\n');
  }
  return status;
};

/** `env`: the environment programs get (the exported variables), one `NAME=value` a line. */
export const env: Command = async (args, ctx) => {
  if (args.length) {
    ctx.stderr(`env: running commands is not supported here; run '${args.join(' ')}' directly\n`);
    return 125;
  }
  for (const k of Object.keys(ctx.env).sort()) ctx.stdout(`${k}=${ctx.env[k]}\n`);
  return 0;
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

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Formats cluster time (UTC) with the common `date +FORMAT` specifiers. */
export function formatDate(ms: number, format = '%a %b %e %H:%M:%S %Z %Y'): string {
  const d = new Date(ms);
  const f: Record<string, string> = {
    a: DAYS[d.getUTCDay()]!, b: MONTHS[d.getUTCMonth()]!, h: MONTHS[d.getUTCMonth()]!, d: pad(d.getUTCDate()), e: String(d.getUTCDate()).padStart(2),
    H: pad(d.getUTCHours()), M: pad(d.getUTCMinutes()), S: pad(d.getUTCSeconds()), Y: String(d.getUTCFullYear()), y: pad(d.getUTCFullYear() % 100),
    m: pad(d.getUTCMonth() + 1), Z: 'UTC', z: '+0000', s: String(Math.floor(ms / 1000)), N: pad((ms % 1000) * 1_000_000, 9), j: pad(Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1, 3),
    '%': '%', n: '\n', t: '\t',
  };
  f.T = `${f.H}:${f.M}:${f.S}`;
  f.F = `${f.Y}-${f.m}-${f.d}`;
  f.D = `${f.m}/${f.d}/${f.y}`;
  f.R = `${f.H}:${f.M}`;
  return format.replace(/%([a-zA-Z%])/g, (all, c: string) => f[c] ?? all);
}

/** `date`, `date -u`, `date +FORMAT`, `date -Iseconds`, in cluster time. */
export function createDate(now: () => number): Command {
  return async (args, ctx) => {
    let format: string | undefined;
    for (const a of args) {
      if (a.startsWith('+')) format = a.slice(1);
      else if (a === '-u' || a === '--utc') continue;
      else if (a.startsWith('-I') || a === '--iso-8601') format = a === '-I' || a === '-Idate' ? '%F' : '%Y-%m-%dT%H:%M:%S+00:00';
      else if (a === '-R') format = '%a, %d %b %Y %H:%M:%S +0000';
      else {
        ctx.stderr(`date: invalid date '${a}'\n`);
        return 1;
      }
    }
    ctx.stdout(formatDate(now(), format) + '\n');
    return 0;
  };
}

/** `which NAME...` and `type NAME...` over the command table. */
export function createWhich(has: (name: string) => boolean, builtins: Set<string>): { which: Command; type: Command } {
  const which: Command = async (args, ctx) => {
    let status = 0;
    for (const a of args) {
      if (has(a)) ctx.stdout(a === 'kubectl' ? '/usr/local/bin/kubectl\n' : `/usr/bin/${a}\n`);
      else status = 1;
    }
    return status;
  };
  const type: Command = async (args, ctx) => {
    let status = 0;
    const state = shellState(ctx);
    if (args[0] === '-t') {
      // `type -t NAME`: one word for what NAME is (nothing, status 1, when it is nothing).
      for (const a of args.slice(1)) {
        const kind = state?.aliases.has(a) ? 'alias' : state?.functions.has(a) ? 'function' : builtins.has(a) ? 'builtin' : has(a) ? 'file' : undefined;
        if (kind) ctx.stdout(kind + '\n');
        else status = 1;
      }
      return status;
    }
    for (const a of args) {
      const alias = state?.aliases.get(a);
      const fn = state?.functions.get(a);
      if (alias !== undefined) ctx.stdout(`${a} is aliased to \`${alias}'\n`);
      else if (fn) ctx.stdout(`${a} is a function\n${printFunction(fn)}\n`);
      else if (a === 'k') ctx.stdout("k is aliased to `kubectl'\n");
      else if (builtins.has(a)) ctx.stdout(`${a} is a shell builtin\n`);
      else if (has(a)) ctx.stdout(`${a} is ${a === 'kubectl' ? '/usr/local/bin/kubectl' : `/usr/bin/${a}`}\n`);
      else {
        ctx.stderr(`bash: type: ${a}: not found\n`);
        status = 1;
      }
    }
    return status;
  };
  return { which, type };
}
